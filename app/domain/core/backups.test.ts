import { describe, expect, it } from "vitest";
import { backupName, backupsToKeep, backupTime, backupWarning, loadOrder, nightlyBackupDue } from "./backups";

describe("an archive's name", () => {
  it("is the UTC second it was started, and reads back as that time", () => {
    const at = new Date("2026-12-02T02:00:07.345Z");
    expect(backupName(at)).toBe("swag-backup-2026-12-02T020007Z.tar");
    expect(backupTime(backupName(at))).toEqual(new Date("2026-12-02T02:00:07Z"));
  });

  it.each([
    "swag-backup-2026-12-02T020007Z.tar.part",
    ".swag-backup-2026-12-02T020007Z.tar.part",
    "swag-backup-2026-13-02T020007Z.tar",
    "swag-backup-2026-02-30T020007Z.tar",
    "notes.txt",
    "../swag-backup-2026-12-02T020007Z.tar",
  ])("is not one the shop wrote: %s", (name) => {
    expect(backupTime(name)).toBeNull();
  });
});

describe("when the nightly backup is due", () => {
  // Winter: London is UTC. Summer: 02:00 London is 01:00 UTC.
  it("is due from 02:00 London time when none was made since", () => {
    expect(nightlyBackupDue(null, new Date("2026-12-02T01:59:59Z"))).toBe(false);
    expect(nightlyBackupDue(null, new Date("2026-12-02T02:00:00Z"))).toBe(true);
    expect(nightlyBackupDue(new Date("2026-12-01T02:00:00Z"), new Date("2026-12-02T02:15:00Z"))).toBe(true);
    expect(nightlyBackupDue(new Date("2026-07-01T01:00:00Z"), new Date("2026-07-02T01:00:00Z"))).toBe(true);
    expect(nightlyBackupDue(new Date("2026-07-01T01:00:00Z"), new Date("2026-07-02T00:59:00Z"))).toBe(false);
  });

  it("is not due again the same day once made after 02:00, however late in the day", () => {
    expect(nightlyBackupDue(new Date("2026-12-02T02:00:00Z"), new Date("2026-12-02T23:59:00Z"))).toBe(false);
  });

  it("is made late by a shop that was down at 02:00, and a backup made by hand before 02:00 does not count", () => {
    expect(nightlyBackupDue(new Date("2026-11-30T02:00:00Z"), new Date("2026-12-02T09:00:00Z"))).toBe(true);
    expect(nightlyBackupDue(new Date("2026-12-02T01:00:00Z"), new Date("2026-12-02T02:30:00Z"))).toBe(true);
  });
});

describe("the retention", () => {
  const daily = (days: number[], hour = "020000") =>
    days.map((day) => `swag-backup-2026-11-${String(day).padStart(2, "0")}T${hour}Z.tar`);

  it("keeps the newest of each of the last 7 days and of each of the last 4 weeks", () => {
    // Every day from Sunday 1 to Monday 30 November 2026, at 02:00.
    const names = daily(Array.from({ length: 30 }, (_, i) => i + 1));
    const kept = [...backupsToKeep(names, { daily: 7, weekly: 4 })].sort();
    expect(kept).toEqual(
      [
        // The last 7 days: 24–30 November.
        ...daily([24, 25, 26, 27, 28, 29, 30]),
        // The newest of the weeks from Monday 30, 23, 16 and 9 November: 30 and 29 (kept already), 22, 15.
        ...daily([15, 22]),
      ].sort(),
    );
  });

  it("keeps the newest of a day holding several, and never removes the newest archive", () => {
    const names = [...daily([30], "020000"), ...daily([30], "143000"), ...daily([29])];
    expect([...backupsToKeep(names, { daily: 1, weekly: 0 })]).toEqual(daily([30], "143000"));
    expect([...backupsToKeep(names, { daily: 0, weekly: 0 })]).toEqual(daily([30], "143000"));
  });

  it("counts days that have an archive, so a week without backups does not empty the directory", () => {
    const names = daily([1, 2, 3]);
    expect(backupsToKeep(names, { daily: 7, weekly: 0 }).size).toBe(3);
  });

  it("leaves names it did not write alone: they are neither kept nor counted", () => {
    const kept = backupsToKeep(["notes.txt", ...daily([29, 30])], { daily: 1, weekly: 0 });
    expect([...kept]).toEqual(daily([30]));
  });
});

describe("the order tables are loaded in", () => {
  it("puts each table after those it references", () => {
    const references = new Map([
      ["order_lines", ["orders", "products"]],
      ["orders", ["user"]],
      ["products", ["categories"]],
    ]);
    const order = loadOrder(["order_lines", "orders", "products", "categories", "user", "pages"], references);
    expect(order).toHaveLength(6);
    const loadsBefore = (a: string, b: string) => expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    loadsBefore("orders", "order_lines");
    loadsBefore("products", "order_lines");
    loadsBefore("user", "orders");
    loadsBefore("categories", "products");
  });

  it("ignores references to tables outside the dump", () => {
    expect(loadOrder(["a"], new Map([["a", ["elsewhere"]]]))).toEqual(["a"]);
  });

  it("refuses a cycle, a table pointing at itself included, naming it", () => {
    expect(() =>
      loadOrder(
        ["a", "b"],
        new Map([
          ["a", ["b"]],
          ["b", ["a"]],
        ]),
      ),
    ).toThrow("Tables reference each other in a cycle: a → b → a");
    expect(() => loadOrder(["a"], new Map([["a", ["a"]]]))).toThrow("a → a");
  });
});

describe("what the back office says of an old backup", () => {
  const at = new Date("2026-12-02T02:00:00Z");
  it("says nothing up to 26 hours, then gives the age in whole hours", () => {
    expect(backupWarning(at, new Date("2026-12-03T04:00:00Z"))).toBeNull();
    expect(backupWarning(at, new Date("2026-12-03T04:00:01Z"))).toBe(
      "The last backup is 26 hours old: the nightly backup has not been made since. Check the server's log, or run npm run backup.",
    );
    expect(backupWarning(at, new Date("2026-12-04T09:30:00Z"))).toContain("The last backup is 55 hours old");
  });

  it("says when none was ever made", () => {
    expect(backupWarning(null, at)).toBe(
      "No backup has been made yet. The shop makes one every night from 02:00; check the server's log, or run npm run backup.",
    );
  });
});
