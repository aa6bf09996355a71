/**
 * Minimal fake clock for component tests: replaces setTimeout, setInterval, their clear
 * functions and Date.now on globalThis (and window, under happy-dom) until `uninstall()`.
 */
type Timer = { id: number; at: number; callback: () => void; every?: number };

export type FakeClock = {
  now: () => number;
  /** Advances time, running due timers in order (timers added meanwhile run too when due). */
  tick: (ms: number) => void;
  pending: () => number;
  uninstall: () => void;
};

export function installFakeTimers(start = Date.UTC(2026, 10, 22, 8, 0, 0)): FakeClock {
  let current = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();
  const targets: Array<Record<string, unknown>> = [globalThis as unknown as Record<string, unknown>];
  const win = (globalThis as { window?: unknown }).window;
  if (win && win !== globalThis) targets.push(win as Record<string, unknown>);
  const names = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;
  const saved = targets.map((target) => names.map((name) => target[name]));
  const realNow = Date.now;

  const add = (callback: () => void, delay: number | undefined, every?: number): number => {
    const id = nextId++;
    timers.set(id, { id, at: current + Math.max(0, delay ?? 0), callback, every });
    return id;
  };
  const fakes: Record<(typeof names)[number], unknown> = {
    setTimeout: (callback: () => void, delay?: number) => add(callback, delay),
    clearTimeout: (id: number) => void timers.delete(id),
    setInterval: (callback: () => void, delay?: number) => add(callback, delay, Math.max(1, delay ?? 0)),
    clearInterval: (id: number) => void timers.delete(id),
  };
  for (const target of targets) for (const name of names) target[name] = fakes[name];
  Date.now = () => current;

  return {
    now: () => current,
    tick(ms) {
      const end = current + ms;
      for (;;) {
        const due = [...timers.values()]
          .filter((timer) => timer.at <= end)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        current = due.at;
        if (due.every) due.at += due.every;
        else timers.delete(due.id);
        due.callback();
      }
      current = end;
    },
    pending: () => timers.size,
    uninstall() {
      targets.forEach((target, index) => names.forEach((name, position) => (target[name] = saved[index]![position])));
      Date.now = realNow;
    },
  };
}
