/**
 * The longest time this process ran none of its timers: a timer asks to run every 5 ms and the
 * largest gap between two runs is kept. It catches what a request waiting in this process
 * would wait, including a long chain of promises that never returns to the event loop (the
 * embedded database's statements resolve that way), which `monitorEventLoopDelay` can miss.
 */
export function measureStalls(): { stop(): number } {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(longest, performance.now() - last));
    },
  };
}
