/**
 * What a route's loader or action answered, as a client would see it, for unit tests that call
 * the route directly: a Response, a data() result (the request edge's toResponse) or a thrown one.
 */
export type RouteAnswer = { status: number; headers: Headers; body: unknown };

type Handler = (args: never) => unknown;

export async function answerOf(
  handler: Handler,
  args: { request: Request; params?: Record<string, string>; context?: object },
): Promise<RouteAnswer> {
  let result: unknown;
  try {
    result = await (handler as (args: unknown) => Promise<unknown>)({ params: {}, context: {}, ...args });
  } catch (thrown) {
    result = thrown;
    if (!(thrown instanceof Response || isData(thrown))) throw thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, headers: result.headers, body: text ? parse(text) : null };
  }
  if (isData(result)) {
    const { data, init } = result;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: JSON.parse(JSON.stringify(data)) };
  }
  return { status: 200, headers: new Headers(), body: result ?? null };
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
