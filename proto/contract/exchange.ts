/**
 * The CoreExchange stream's framing, shared by both ends
 * (proto/meridian/exchange/v1/exchange.proto): calls, and results, made in one
 * turn of the sender's event loop travel together, at most this many per
 * message, so that the receiver starts on the first while the sender
 * finishes the rest. 8 measured best of 1, 2, 4, 8 and unbounded on the REST
 * benchmark (bench/README.md).
 */
export const EXCHANGE_MESSAGE_ITEMS = 8;
