import { NoticeList } from "~/components/ui/notice-list";
import { StepNav } from "~/components/checkout/step-nav";
import type { Route } from "./+types/design-proofing";
import { CheckoutStepper } from "~/components/checkout/checkout-stepper";
import { NoDraft } from "~/components/checkout/no-draft";
import { SaveStatus } from "~/components/checkout/save-status";
import { useDraftAutosave } from "~/components/checkout/use-draft-autosave";
import { useBusiness } from "~/components/ui/root-data";
import { BRANDING_METHODS, PROOF_PREFERENCES } from "~/domain/pricing/checkout";
import { stepHref } from "~/domain/checkout/steps";
import { type LineCustomisation, loadDraftStep } from "~/server/checkout/checkout.server";

export async function loader(args: Route.LoaderArgs) {
  return loadDraftStep(args);
}

/** Step 5 (REQUIREMENTS.md B-3): what proof the buyer chose, the artwork we have, and what happens next. */
export default function DesignProofingRoute({ loaderData }: Route.ComponentProps) {
  const ready = loaderData.ready;
  const autosave = useDraftAutosave<{ proof_acknowledged: boolean }>({
    step: "proofing",
    userId: ready ? loaderData.userId : null,
    productId: ready ? loaderData.data.product_id : "",
    draft: ready ? loaderData.draft : null,
    onConflict: () => undefined,
  });
  if (!ready) return <NoDraft title="Design Proofing" />;
  const { data, draft, customisations } = loaderData;
  const several = customisations.length > 1;
  const titles = customisations.map(
    (line) => loaderData.products.find((product) => product.id === line.product_id)?.title ?? "product",
  );
  // Production starts at once only when every product repeats an approved order.
  const skip = customisations.length > 0 && customisations.every((line) => line.proof.preference === "skip_proof");

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <CheckoutStepper current={5} completed={loaderData.completed} productId={data.product_id} draftId={draft.id} />
      <h1 className="text-3xl font-extrabold">Design proofing</h1>
      <NoticeList notices={loaderData.quoteNotices} testId="quote-notices" />
      <p className="mt-2 text-muted">
        Check what happens between payment and production for your {titles.join(" and ") || "order"}.
      </p>

      {customisations.map((line, index) => (
        <LineProofing key={line.draftId} line={line} title={several ? (titles[index] ?? null) : null} />
      ))}

      <section aria-labelledby="next-heading" className="mt-8 rounded-2xl bg-brand-soft p-6">
        <h2 id="next-heading" className="text-xl font-bold">
          What happens next
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
          <li>You pay on the next step.</li>
          {skip ? (
            <li>
              Because this repeats an earlier order, we reuse its approved proof and production starts straight away.
            </li>
          ) : (
            <>
              <li>We send your proof within 2 working days of payment, by e-mail and on your order page.</li>
              <li>You approve it or ask for changes; every version is kept.</li>
            </>
          )}
          <li>Production starts when the proof is approved; the lead time counts from then.</li>
        </ol>
      </section>

      <div className="mt-6">
        <SaveStatus state={autosave.state} />
      </div>
      <StepNav
        className="mt-4"
        back={{ to: stepHref(4, { productId: data.product_id, draftId: draft.id }), label: "Back to Shipping" }}
        next={{
          label: "Next: Payment",
          onNext: async () => {
            autosave.schedule({ proof_acknowledged: true });
            await autosave.flush();
            return stepHref(6, { productId: data.product_id, draftId: draft.id });
          },
        }}
      />
    </section>
  );
}

/** One product's proof choice, branding and artwork; the product named when the order has several. */
function LineProofing({ line, title }: { line: LineCustomisation; title: string | null }) {
  const reference = line.draftId.slice(0, 8).toUpperCase();
  const business = useBusiness();
  const skip = line.proof.preference === "skip_proof";
  return (
    <section aria-label={title ?? undefined} className="mt-6">
      {title ? <h2 className="mb-2 text-lg font-bold">{title}</h2> : null}
      <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
        <div className="grid gap-1 p-4 sm:grid-cols-3">
          <dt className="font-semibold">Proof</dt>
          <dd className="sm:col-span-2" data-testid="proof-choice">
            {PROOF_PREFERENCES[line.proof.preference]}
            {skip && line.proof.previous_order_ref ? ` (repeat of order ${line.proof.previous_order_ref})` : ""}
          </dd>
        </div>
        <div className="grid gap-1 p-4 sm:grid-cols-3">
          <dt className="font-semibold">Branding</dt>
          <dd className="sm:col-span-2">
            {BRANDING_METHODS[line.branding.method]}
            {line.branding.placement_details ? `: ${line.branding.placement_details}` : ""}
          </dd>
        </div>
        <div className="grid gap-1 p-4 sm:grid-cols-3">
          <dt className="font-semibold">Artwork</dt>
          <dd className="sm:col-span-2" data-testid="artwork-status">
            {line.artwork.files.length > 0 ? (
              <ul className="list-disc pl-5">
                {line.artwork.files.map((f) => (
                  <li key={f.id}>{f.name}</li>
                ))}
              </ul>
            ) : (
              <>
                No files uploaded. E-mail your artwork to{" "}
                <a
                  className="text-brand underline"
                  href={`mailto:${business.supportEmail}?subject=${encodeURIComponent(`Artwork for draft ${reference}`)}`}
                >
                  {business.supportEmail}
                </a>{" "}
                quoting reference <strong>{reference}</strong>, or go back and upload it.
              </>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function meta() {
  return [{ title: "Design proofing | Swag Studio" }];
}
