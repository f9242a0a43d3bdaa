/**
 * Who should answer a collection of sizes (docs/decisions/090-sizes-collected-by-link.md): the list
 * the buyer types when opening it or later on its tally, and the tally's "still to answer".
 */
import { COLLECTION_LIMITS } from "~/domain/teams/size-collections";
import { TextAreaField } from "../ui/form";

/** The list as typed, one name a line. */
export function PeopleField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <TextAreaField
      label="Who should answer (optional)"
      name="people"
      rows={5}
      maxLength={COLLECTION_LIMITS.peopleText}
      defaultValue={defaultValue}
      hint="One name a line, as each person will type it. The answers page then shows who hasn't answered yet. Only you see this list."
      error={error}
    />
  );
}

/** Who on the list has not answered, or that everyone has. */
export function AwaitedPeople({ people, awaited }: { people: number; awaited: readonly string[] }) {
  if (awaited.length === 0) {
    return (
      <p className="mt-2 text-sm font-semibold text-green-800" data-testid="collection-awaited">
        Everyone on your list has answered.
      </p>
    );
  }
  return (
    <>
      <p className="mt-2 text-sm" data-testid="collection-awaited">
        {awaited.length.toLocaleString("en-GB")} of {people.toLocaleString("en-GB")} on your list still to answer:
      </p>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label="Still to answer">
        {awaited.map((name) => (
          <li key={name} className="rounded-full bg-amber-50 px-3 py-1 text-amber-900">
            {name}
          </li>
        ))}
      </ul>
    </>
  );
}
