/**
 * Plain words for the checks a schema leaves to zod, for every schema the server parses: a field
 * missing from a hand-made request reads "This field is required." instead of "Invalid input:
 * expected string, received undefined". A schema's own messages ("Enter your last name") still
 * win, and a browser's form always sends its fields, so buyers see those. Imported for its effect
 * by entry.server.tsx.
 */
import { z } from "zod";

z.config({
  customError: (issue) => {
    // A body that matches none of a form's shapes (reset by link or by code, say).
    if (issue.code === "invalid_union") return "This form is incomplete: fill in every field it asks for.";
    if (issue.code !== "invalid_type" && issue.code !== "invalid_value") return undefined;
    if (issue.input === undefined) return "This field is required.";
    return issue.code === "invalid_type"
      ? "This value is not in the expected form."
      : "Choose one of the options offered.";
  },
});
