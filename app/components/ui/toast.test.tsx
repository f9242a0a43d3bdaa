// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, Link, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { VIEW_CART } from "../product/product-actions";
import { ToastProvider, useToast } from "./toast";

afterEach(cleanup);

function AddButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast({ title: "Added to cart", variant: "success", action: VIEW_CART })}>
      Add
    </button>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <ToastProvider>
      <Link to="/cart">Cart (header)</Link>
      {children}
    </ToastProvider>
  );
}

/** One provider across pages, as the site shell is: the notice closes once the buyer is on the cart. */
describe("one provider across the pages", () => {
  it("offers View cart, and closes once the buyer is on the cart, by it or another way", async () => {
    const Routes = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <Shell>
            <Outlet />
          </Shell>
        ),
        children: [
          { path: "product/8", Component: AddButton },
          {
            path: "cart",
            Component: () => (
              <>
                <p>Your cart</p>
                <Link to="/product/8">Back to the cap</Link>
              </>
            ),
          },
        ],
      },
    ]);
    render(<Routes initialEntries={["/product/8"]} />);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Added to cart")).toBeTruthy();
    expect((await screen.findByRole("link", { name: "View cart" })).getAttribute("href")).toBe("/cart");
    fireEvent.click(screen.getByRole("link", { name: "Cart (header)" }));
    expect(await screen.findByText("Your cart")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Added to cart")).toBeNull());

    // Added again on the product page, then View cart in the notice itself.
    fireEvent.click(screen.getByRole("link", { name: "Back to the cap" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add" }));
    fireEvent.click(await screen.findByRole("link", { name: "View cart" }));
    expect(await screen.findByText("Your cart")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Added to cart")).toBeNull());
  });
});
