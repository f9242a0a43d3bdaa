import { describe, expect, it } from "vitest";
import { repeatDecision } from "./repeat-orders";

const approved = { number: "SS-000007" };

describe("repeatDecision (A-40)", () => {
  it("skips the proof when the only line repeats an approved order", () => {
    expect(repeatDecision([{ ref: "SS-000007", of: approved }], [null])).toEqual({
      repeatOf: approved,
      notes: [{ toStatus: "proof_approved", note: "Repeat of SS-000007: proof skipped" }],
    });
  });

  it("skips it when every line repeats one, naming each line", () => {
    const other = { number: "SS-000009" };
    expect(
      repeatDecision(
        [
          { ref: "SS-000007", of: approved },
          { ref: "SS-000009", of: other },
        ],
        ["Cap", "Shorts"],
      ),
    ).toEqual({
      repeatOf: approved,
      notes: [
        { toStatus: "proof_approved", note: "Cap: Repeat of SS-000007: proof skipped" },
        { toStatus: "proof_approved", note: "Shorts: Repeat of SS-000009: proof skipped" },
      ],
    });
  });

  it("sends proofs when another line wants one, and says so on the repeating line", () => {
    expect(repeatDecision([{ ref: "SS-000007", of: approved }, null], ["Cap", "Shorts"])).toEqual({
      repeatOf: null,
      notes: [
        {
          toStatus: "paid",
          note: "Cap: Repeat of SS-000007, but another product of the order needs a proof, so proofs will be sent",
        },
      ],
    });
  });

  it("sends a proof for a reference that is not an approved order of the account", () => {
    expect(repeatDecision([{ ref: "SS-999999", of: null }], [null])).toEqual({
      repeatOf: null,
      notes: [
        {
          toStatus: "paid",
          note: 'Previous order reference "SS-999999" is not an approved order of this account, so a proof will be sent',
        },
      ],
    });
  });

  it("writes nothing for lines that want a proof, and never skips an order without lines", () => {
    expect(repeatDecision([null, null], ["Cap", "Shorts"])).toEqual({ repeatOf: null, notes: [] });
    expect(repeatDecision([], [])).toEqual({ repeatOf: null, notes: [] });
  });
});
