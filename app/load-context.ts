import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The CSP nonce of this response; undefined under the dev server, which sets no CSP. */
    nonce?: string;
  }
}
