/** A checkout step's Back link and Next button, which saves what is pending before moving on. */
import { Link, useNavigate } from "react-router";
import { buttonClass } from "../ui/button";

/**
 * A checkout step's Back link and Next button. Next runs `onNext` (which saves what is pending and
 * answers where to go) before it moves on, so no change is left behind by leaving the step.
 */
export function StepNav(props: {
  back: { to: string; label: string };
  next: { label: string; disabled?: boolean; onNext: () => Promise<string> };
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 ${props.className ?? ""}`}>
      <Link to={props.back.to} className={buttonClass("secondary")}>
        {props.back.label}
      </Link>
      <button
        type="button"
        disabled={props.next.disabled}
        className={buttonClass("primary")}
        onClick={async () => navigate(await props.next.onNext())}
      >
        {props.next.label}
      </button>
    </div>
  );
}
