/**
 * Repeat orders (A-40, decision 016): a line whose proof preference is skip_proof repeats an approved
 * order of the account named by its reference. The order skips its proof only when every line
 * repeats one; otherwise each skipping line says why it will get a proof after all. Pure: the
 * server looks the references up and writes what this decides.
 */

/** One line's repeat: the reference the buyer gave and the approved order it names, if any; null for a line that wants a proof. */
export type LineRepeat<Order> = { ref: string; of: Order | null } | null;

export type RepeatNote = { toStatus: "paid" | "proof_approved"; note: string };

export function repeatDecision<Order extends { number: string }>(
  repeats: readonly LineRepeat<Order>[],
  /** Each line's name in a note ("Custom Running Shorts: "), or null on a one-line order. */
  titles: readonly (string | null)[],
): { repeatOf: Order | null; notes: RepeatNote[] } {
  const repeatOf = repeats.length > 0 && repeats.every((r) => r?.of) ? (repeats[0]?.of ?? null) : null;
  const notes = repeats.flatMap((repeat, index): RepeatNote[] => {
    if (!repeat) return [];
    const named = titles[index];
    const title = named ? `${named}: ` : "";
    if (repeatOf && repeat.of)
      return [{ toStatus: "proof_approved", note: `${title}Repeat of ${repeat.of.number}: proof skipped` }];
    return [
      {
        toStatus: "paid",
        note: repeat.of
          ? `${title}Repeat of ${repeat.of.number}, but another product of the order needs a proof, so proofs will be sent`
          : `${title}Previous order reference "${repeat.ref}" is not an approved order of this account, so a proof will be sent`,
      },
    ];
  });
  return { repeatOf, notes };
}
