/** What a visitor sees on a page that needs an account: why, with Sign in and Create an account. */
import { useLocation } from "react-router";
import { Link } from "react-router";
import { useSignIn } from "./sign-in-context";
import { buttonClass } from "../ui/button";

/** What a visitor sees on a page that needs an account (SPEC.md §6). */
export function SignInPrompt({ title, message }: { title: string; message: string }) {
  const { openSignIn } = useSignIn();
  const location = useLocation();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="mt-3 text-muted">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className={buttonClass("primary")} onClick={() => openSignIn(message)}>
          Sign in
        </button>
        <Link
          to={`/sign-up?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
          className={buttonClass("secondary")}
        >
          Create an account
        </Link>
      </div>
    </section>
  );
}
