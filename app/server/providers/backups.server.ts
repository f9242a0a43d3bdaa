/**
 * One archive of everything the shop needs to come back, and bringing it back
 * (docs/decisions/083-backups-that-restore.md). An archive is a tar of:
 * - `database/<table>.jsonl.gz`: every row of every table, one JSON object a line, read in one
 *   repeatable-read snapshot (a consistent dump while the shop runs, on PGlite and PostgreSQL
 *   alike), written in the order a restore loads them (a table after those it references);
 * - `uploads/<stored name>`: every uploaded file, from local disk or the bucket;
 * - `auth-secret`: the generated secret sessions are signed with, when the shop keeps one;
 * - `manifest.json`, last: the migration level, the sequences, every entry's count and SHA-256.
 * A restore reads the archive twice: once to check every entry against the manifest, touching
 * nothing; then to load it into an empty database and an empty store.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { extract, pack, type Pack } from "tar-stream";
import { ARCHIVE_PATHS, type BackupManifest, backupManifestSchema, loadOrder } from "~/domain/core/backups";
import type { FileStorage } from "./file-storage.server";
import { type Database, type DatabaseHandle, MIGRATIONS_FOLDER, queryRows } from "../platform/db.server";

/** What a backup reads: the database, the uploads and, when the shop generated one, its auth secret's file. */
export type BackupSource = {
  db: Database;
  driver: DatabaseHandle["driver"];
  storage: FileStorage;
  authSecretFile: string | null;
};

/** Rows read from a table at a time; rows (and at most bytes of them) loaded in one statement. */
const ROWS_PER_READ = 2_000;
const ROWS_PER_INSERT = 500;
const BYTES_PER_INSERT = 4 * 1024 * 1024;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

type JournalEntry = { tag: string; when: number };

type Journal = { entries: JournalEntry[] };

const readJournal = (): Journal =>
  JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as Journal;

/** The shop's version, from the package.json beside its db/migrations. */
function shopVersion(): string {
  const file = join(MIGRATIONS_FOLDER, "..", "..", "package.json");
  return existsSync(file) ? String((JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? "") : "";
}

/** The last migration applied to `db`, as the journal names it. */
async function migrationLevel(db: Database): Promise<JournalEntry> {
  const [row] = await queryRows<{ when: string }>(
    db,
    sql`select max(created_at)::text as when from drizzle.__drizzle_migrations`,
  );
  const when = Number(row?.when);
  const entry = readJournal().entries.find((candidate) => candidate.when === when);
  if (!entry) throw new Error(`The database's last migration (${row?.when}) is not one this version of the shop knows`);
  return entry;
}

/** The shop's tables in the order a restore loads them: each after the tables it references. */
async function tablesInLoadOrder(db: Database): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const keys = await queryRows<{ source: string; target: string }>(
    db,
    sql`select s.relname as source, t.relname as target
          from pg_constraint k
          join pg_class s on s.oid = k.conrelid
          join pg_class t on t.oid = k.confrelid
          join pg_namespace n on n.oid = s.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
  const references = new Map<string, string[]>();
  for (const { source, target } of keys) references.set(source, [...(references.get(source) ?? []), target]);
  return loadOrder(
    tables.map((table) => table.name),
    references,
  );
}

/** Hashes what passes through it. */
function hashing(): { stream: Transform; digest: () => string; bytes: () => number } {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex"), bytes: () => bytes };
}

/** Writes one entry of `size` bytes from `source` into the archive, answering its SHA-256. */
async function addEntry(archive: Pack, name: string, size: number, source: Readable): Promise<string> {
  const hash = hashing();
  let entry: NodeJS.WritableStream | undefined;
  const written = new Promise<void>((resolve, reject) => {
    entry = archive.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
  });
  if (!entry) throw new Error(`The archive refused ${name}`);
  await pipeline(source, hash.stream, entry);
  await written;
  if (hash.bytes() !== size) throw new Error(`${name} was ${hash.bytes()} bytes, not the ${size} listed`);
  return hash.digest();
}

/**
 * Dumps every table into `dir` as gzipped JSON lines, in one read-only repeatable-read snapshot,
 * and answers the manifest's view of the database. Rows of a backup still running are left out:
 * a restored shop has none under way.
 */
async function dumpDatabase(db: Database, dir: string) {
  return db.transaction(
    async (tx) => {
      const migration = await migrationLevel(tx);
      const order = await tablesInLoadOrder(tx);
      const tables: { name: string; rows: number; file: string }[] = [];
      for (const name of order) {
        const file = join(dir, `${name}.jsonl.gz`);
        const keep = name === "backups" ? sql`and status <> 'running'` : sql``;
        let rows = 0;
        async function* lines() {
          let after = "(0,0)";
          for (;;) {
            const page = await queryRows<{ at: string; row: string }>(
              tx,
              sql`select ctid::text as at, to_jsonb(t)::text as row from ${sql.raw(quoted(name))} t
                   where ctid > ${after}::tid ${keep} order by ctid limit ${ROWS_PER_READ}`,
            );
            for (const { row } of page) yield `${row}\n`;
            rows += page.length;
            const last = page.at(-1);
            if (!last || page.length < ROWS_PER_READ) return;
            after = last.at;
          }
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file, { mode: 0o600 }));
        tables.push({ name, rows, file });
      }
      const sequences = await queryRows<{ name: string }>(
        tx,
        sql`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
      );
      const values: BackupManifest["sequences"] = [];
      for (const { name } of sequences) {
        const [row] = await queryRows<{ value: string; called: boolean }>(
          tx,
          sql`select last_value::text as value, is_called as called from ${sql.raw(quoted(name))}`,
        );
        if (row) values.push({ name, value: row.value, called: row.called });
      }
      return { migration, tables, sequences: values };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Writes the archive of `source` to `path` (made with mode 0600: it holds every account's data and
 * the auth secret). Uploads added while it runs may be left out; one deleted while it runs is
 * skipped. Answers the manifest and the archive's size.
 */
export async function writeBackup(
  source: BackupSource,
  path: string,
  now: Date,
): Promise<{ manifest: BackupManifest; sizeBytes: number }> {
  const work = await mkdtemp(join(tmpdir(), "swag-backup-"));
  try {
    const database = await dumpDatabase(source.db, work);
    await mkdir(dirname(path), { recursive: true });
    const archive = pack();
    const out = pipeline(archive, createWriteStream(path, { mode: 0o600 }));
    const tables: BackupManifest["tables"] = [];
    for (const table of database.tables) {
      const { size } = await stat(table.file);
      const sha256 = await addEntry(archive, ARCHIVE_PATHS.table(table.name), size, createReadStream(table.file));
      tables.push({ name: table.name, rows: table.rows, sha256 });
    }
    const files: BackupManifest["files"] = [];
    for await (const { storedName, size } of source.storage.list()) {
      const body = await source.storage.get(storedName);
      if (!body) continue;
      const stream = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
      files.push({
        name: storedName,
        size,
        sha256: await addEntry(archive, ARCHIVE_PATHS.file(storedName), size, stream),
      });
    }
    let authSecret: BackupManifest["authSecret"] = null;
    if (source.authSecretFile && existsSync(source.authSecretFile)) {
      const bytes = await readFile(source.authSecretFile);
      authSecret = {
        sha256: await addEntry(archive, ARCHIVE_PATHS.authSecret, bytes.byteLength, Readable.from([bytes])),
      };
    }
    const manifest = backupManifestSchema.parse({
      format: 1,
      createdAt: now.toISOString(),
      version: shopVersion(),
      driver: source.driver,
      migration: database.migration,
      tables,
      sequences: database.sequences,
      files,
      authSecret,
    } satisfies BackupManifest);
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await addEntry(archive, ARCHIVE_PATHS.manifest, text.byteLength, Readable.from([text]));
    archive.finalize();
    await out;
    return { manifest, sizeBytes: (await stat(path)).size };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Why an archive cannot be restored, in words for whoever ran the restore. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

/** Reads every entry of the archive at `path` in order, handing each to `visit` (which must consume it). */
async function eachEntry(path: string, visit: (name: string, entry: Readable) => Promise<void>): Promise<void> {
  const reader = extract();
  const done = pipeline(createReadStream(path), reader);
  try {
    // An entry as a Node stream, so it pipes into zlib, hashes and files as other streams do.
    for await (const entry of reader) await visit(entry.header.name, Readable.from(entry));
  } catch (error) {
    // The read stops with the first error; the pipeline's own (the same, or the file's) is not a second one.
    await done.catch(() => undefined);
    throw error;
  }
  await done;
}

/** The JSON `text` holds, or undefined for text that is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Checks the archive at `path` without touching anything: its manifest reads, every entry the
 * manifest lists is there with its SHA-256, and nothing else is. Answers the manifest.
 */
export async function verifyArchive(path: string): Promise<BackupManifest> {
  const seen = new Map<string, string>();
  let manifestText: string | undefined;
  try {
    await eachEntry(path, async (name, entry) => {
      if (name === ARCHIVE_PATHS.manifest) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString("utf8");
        seen.set(name, "");
        return;
      }
      seen.set(name, await sha256Of(entry));
    });
  } catch (error) {
    throw new RestoreRefused(`${path} is not a readable backup archive: ${(error as Error).message}`);
  }
  if (manifestText === undefined) throw new RestoreRefused(`${path} has no manifest.json: it is not a whole backup`);
  const parsed = backupManifestSchema.safeParse(parseJson(manifestText));
  if (!parsed.success) throw new RestoreRefused(`${path} has a manifest this version cannot read`);
  const manifest = parsed.data;
  const expected = new Map<string, string>([
    ...manifest.tables.map((table) => [ARCHIVE_PATHS.table(table.name), table.sha256] as const),
    ...manifest.files.map((file) => [ARCHIVE_PATHS.file(file.name), file.sha256] as const),
    ...(manifest.authSecret ? [[ARCHIVE_PATHS.authSecret, manifest.authSecret.sha256] as const] : []),
  ]);
  for (const [name, sha256] of expected) {
    const found = seen.get(name);
    if (found === undefined) throw new RestoreRefused(`${path} lacks ${name}, which its manifest lists`);
    if (found !== sha256)
      throw new RestoreRefused(`${name} in ${path} does not match its checksum: the archive is damaged`);
  }
  const extra = [...seen.keys()].find((name) => name !== ARCHIVE_PATHS.manifest && !expected.has(name));
  if (extra) throw new RestoreRefused(`${path} holds ${extra}, which its manifest does not list`);
  return manifest;
}

/** A copy of the migrations that stops at `tag`, so a restore rebuilds the schema the archive was taken from. */
async function migrationsUpTo(tag: string, dir: string): Promise<string> {
  const journal = readJournal();
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  const entries = journal.entries.slice(0, last + 1);
  await mkdir(join(dir, "meta"), { recursive: true });
  await writeFile(join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    await copyFile(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  return dir;
}

/** What a restore writes into: a database opened without migrating, its store and where the auth secret goes. */
export type RestoreTarget = {
  /** Opens the target database, migrating it with the given folder's migrations when one is given. */
  open(migrationsFolder?: string): Promise<DatabaseHandle>;
  storage: FileStorage;
  /** Where the archive's auth secret is written; null when the shop is given AUTH_SECRET. */
  authSecretFile: string | null;
};

/** Refuses a target that holds anything: a restore never mixes two shops. */
async function refuseUnlessEmpty(target: RestoreTarget, manifest: BackupManifest): Promise<void> {
  const handle = await target.open();
  try {
    const [row] = await queryRows<{ tables: number; migrated: boolean }>(
      handle.db,
      sql`select (select count(*)::int from pg_tables where schemaname = 'public') as tables,
                 to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
    );
    if ((row?.tables ?? 0) > 0 || row?.migrated)
      throw new RestoreRefused(
        "The database to restore into is not empty: restore into a new, empty database (or an empty DATA_DIR) and point the shop at it",
      );
  } finally {
    await handle.close();
  }
  for await (const file of target.storage.list()) {
    throw new RestoreRefused(`The uploads store is not empty (it holds ${file.storedName}): restore into an empty one`);
  }
  if (manifest.authSecret && target.authSecretFile && existsSync(target.authSecretFile))
    throw new RestoreRefused(`${target.authSecretFile} exists already: restore into an empty DATA_DIR`);
  const known = readJournal().entries;
  if (!known.some((entry) => entry.tag === manifest.migration.tag))
    throw new RestoreRefused(
      `The archive's database is at migration ${manifest.migration.tag}, newer than this version of the shop knows (${known.at(-1)?.tag}): restore it with the version that wrote it (${manifest.version || "unknown"}) or a later one`,
    );
}

/** Loads one table's gzipped JSON lines, a statement per ROWS_PER_INSERT rows; answers how many. */
async function loadTable(db: Database, table: string, entry: Readable): Promise<number> {
  let batch: string[] = [];
  let batchBytes = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.execute(
      sql`insert into ${sql.raw(quoted(table))}
          select * from jsonb_populate_recordset(null::${sql.raw(quoted(table))}, ${`[${batch.join(",")}]`}::jsonb)`,
    );
    rows += batch.length;
    batch = [];
    batchBytes = 0;
  };
  let rest = "";
  // Decoded as a stream, so a character split between two chunks is read whole.
  for await (const chunk of entry.pipe(createGunzip()).setEncoding("utf8")) {
    const lines = (rest + (chunk as string)).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "") continue;
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= ROWS_PER_INSERT || batchBytes >= BYTES_PER_INSERT) await flush();
    }
  }
  if (rest !== "") batch.push(rest);
  await flush();
  return rows;
}

/**
 * Restores the archive at `path` into `target`: checks the archive whole, refuses a target that is
 * not empty or an archive from a newer schema, rebuilds the schema at the archive's migration
 * level, loads every row and file (checking counts and checksums again as they go in), sets the
 * sequences, then applies the migrations that came after. Answers the manifest.
 */
export async function restoreBackup(path: string, target: RestoreTarget): Promise<BackupManifest> {
  const manifest = await verifyArchive(path);
  await refuseUnlessEmpty(target, manifest);
  const work = await mkdtemp(join(tmpdir(), "swag-restore-"));
  try {
    const handle = await target.open(await migrationsUpTo(manifest.migration.tag, join(work, "migrations")));
    try {
      const counts = new Map(manifest.tables.map((table) => [ARCHIVE_PATHS.table(table.name), table] as const));
      const files = new Map(manifest.files.map((file) => [ARCHIVE_PATHS.file(file.name), file] as const));
      await handle.db.transaction(async (tx) => {
        // The migrations seed rows (the four products, the categories); the archive has the shop's own.
        const tables = manifest.tables.map((table) => quoted(table.name)).join(", ");
        await tx.execute(sql.raw(`truncate table ${tables}`));
        await eachEntry(path, async (name, entry) => {
          const table = counts.get(name);
          const file = files.get(name);
          if (table) {
            const rows = await loadTable(tx, table.name, entry);
            if (rows !== table.rows)
              throw new Error(`${table.name}: loaded ${rows} rows, the manifest says ${table.rows}`);
          } else if (file) {
            const hash = hashing();
            const stream = Readable.toWeb(entry.pipe(hash.stream)) as unknown as ReadableStream<Uint8Array>;
            await target.storage.put(stream, { name: file.name });
            if (hash.digest() !== file.sha256) throw new Error(`${file.name} changed on its way into the store`);
          } else if (name === ARCHIVE_PATHS.authSecret && target.authSecretFile) {
            await mkdir(dirname(target.authSecretFile), { recursive: true });
            await pipeline(entry, createWriteStream(target.authSecretFile, { mode: 0o600, flags: "wx" }));
          } else {
            entry.resume();
          }
        });
        for (const { name, value, called } of manifest.sequences)
          await tx.execute(sql`select setval(${quoted(name)}, ${value}::bigint, ${called})`);
      });
    } finally {
      await handle.close();
    }
    // The migrations after the archive's level, as a start of the shop would apply them.
    await (await target.open(MIGRATIONS_FOLDER)).close();
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
