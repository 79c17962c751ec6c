/**
 * Admits work by the bytes it will hold, first come first served: work waits while what is
 * admitted already would go over the budget. Work larger than the whole budget is admitted
 * alone, once nothing else holds any.
 */
export class ByteBudget {
  private held = 0;
  private readonly waiting: { bytes: number; admit: () => void }[] = [];

  constructor(readonly capacity: number) {}

  /** Waits for room for `bytes`; the answer gives the room back (calling it twice gives it back once). */
  async acquire(bytes: number): Promise<() => void> {
    const size = Math.min(Math.max(0, bytes), this.capacity);
    if (this.waiting.length === 0 && this.held + size <= this.capacity) {
      this.held += size;
    } else {
      await new Promise<void>((admit) => this.waiting.push({ bytes: size, admit }));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= size;
      this.admitWaiting();
    };
  }

  /** Bytes admitted and not yet given back, and how much work waits. */
  state(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.waiting.length };
  }

  private admitWaiting(): void {
    while (this.waiting.length > 0 && this.held + this.waiting[0]!.bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      this.held += next.bytes;
      next.admit();
    }
  }
}
