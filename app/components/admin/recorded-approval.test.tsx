// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { RecordedApprovalCard } from "./recorded-approval";

afterEach(cleanup);

/** An order whose only proof has just been approved: no proof waits, so there is no form. */
const approved = { status: "proof_approved", lines: [], version: 3 } as unknown as StaffOrderDetail;
const MESSAGE = 'Approval of proof version 1 recorded. The order is now "Proof approved".';

describe("the back office's record-an-approval card once the approval is recorded", () => {
  it("keeps the answer in view where the form was, with no form left to fill", () => {
    render(<RecordedApprovalCard order={approved} result={{ ok: true, message: MESSAGE }} busy={false} />);
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("is not shown at all when no proof waits and nothing was just recorded", () => {
    const { container } = render(<RecordedApprovalCard order={approved} busy={false} />);
    expect(container.innerHTML).toBe("");
  });
});
