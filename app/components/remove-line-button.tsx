import type { FetcherWithComponents } from "react-router";
import { buttonClass } from "./ui/button";

/** A cart or shopping-list row's Remove: posts {intent: "remove", id} through the row's fetcher. */
export function RemoveLineButton(props: {
  fetcher: FetcherWithComponents<unknown>;
  action: "/cart" | "/shopping-list";
  id: string;
  productTitle: string;
}) {
  return (
    <props.fetcher.Form method="post" action={props.action}>
      <input type="hidden" name="id" value={props.id} />
      <button
        type="submit"
        name="intent"
        value="remove"
        className={buttonClass("ghost", "px-3 py-1.5")}
        aria-label={`Remove ${props.productTitle}`}
      >
        Remove
      </button>
    </props.fetcher.Form>
  );
}
