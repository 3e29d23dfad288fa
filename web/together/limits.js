// The LAN table's channel limits (issue 27, docs/play-together.md): how many
// messages a peer may send in a second. A guest's page sends a request now and
// then (a move, a "hello" after a reconnect); a host's page a move and a view
// for each move of the table. A peer over its limit is cut off by the caller.

/** A guest's messages a second, at most: a person decides a few times a second at most, a
 * flood sends hundreds; 8 cut off a guest making its own quick decisions in a row (trump,
 * discard, alone, a lone hand's cards at full speed), so 20. */
export const GUEST_MESSAGES_PER_SECOND = 20;
/** A host's messages a second, at most (computer players at full speed send bursts). */
export const HOST_MESSAGES_PER_SECOND = 100;

/** Counts the messages of one peer: `take()` is false once more than `perSecond`
 * came within one second (a fixed window; `now` for the tests). */
export class RateLimit {
  constructor(perSecond, now = () => Date.now()) {
    this.perSecond = perSecond;
    this.now = now;
    this.start = -Infinity;
    this.count = 0;
  }

  take() {
    const now = this.now();
    if (now - this.start >= 1000) {
      this.start = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.perSecond;
  }
}
