// The back office's order moves and a paid cap order, over HTTP (tests/support/http.ts).
export { placeCapOrder, sendProof, shipOrder, staffMoves } from "../../support/http";
