/** Notices the server gives a page, one per line in one information box; nothing when there are none. */
import { FormMessage } from "./form";

export function NoticeList({ notices, testId }: { notices: readonly string[]; testId: string }) {
  if (notices.length === 0) return null;
  return (
    <div className="mt-4" data-testid={testId}>
      <FormMessage tone="info">
        {notices.map((notice) => (
          <span key={notice} className="block">
            {notice}
          </span>
        ))}
      </FormMessage>
    </div>
  );
}
