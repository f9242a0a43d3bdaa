import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/shell/not-found";

export function loader({ request }: Route.LoaderArgs) {
  // SPEC.md §8: an unknown route is logged as a 404 with its path.
  console.warn(`404 ${new URL(request.url).pathname}`);
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export function meta() {
  return [{ title: "Page not found | Swag Studio" }];
}
