/**
 * The bench's storefront row: how long a save (PUT /api/storefront) takes to render every public
 * page again and swap them in, read from the answer's Server-Timing (render, publish), over
 * several saves that each change a price. Target: under 200 ms (README,
 * Load, memory and start-up).
 */
const SAVES = 7;
const TARGET_MS = 200;

type Timing = { render: number; publish: number };

function timingOf(header: string | null): Timing {
  const value = (name: string): number => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header ?? '')?.[1] ?? NaN);
  return { render: value('render'), publish: value('publish') };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function storefrontSaveTiming(url: string, cookie: string): Promise<void> {
  const read = await fetch(`${url}/api/storefront`);
  const { storefront } = (await read.json()) as { storefront: { plans: Array<{ id: string; price_idr: number }> } };
  const timings: Timing[] = [];
  for (let save = 0; save < SAVES; save++) {
    const plans = storefront.plans.map((plan, index) =>
      index === 1 ? { ...plan, price_idr: plan.price_idr + 1000 * (save + 1) } : plan,
    );
    const answer = await fetch(`${url}/api/storefront`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...storefront, plans }),
    });
    if (!answer.ok) throw new Error(`storefront save refused: ${answer.status} ${await answer.text()}`);
    timings.push(timingOf(answer.headers.get('server-timing')));
  }
  const publish = timings.map((timing) => timing.publish);
  const worst = Math.max(...publish);
  console.log(
    `\nstorefront save, every public page rendered again and swapped in (${SAVES} saves): render median ${median(timings.map((timing) => timing.render)).toFixed(0)} ms, ` +
      `render + swap median ${median(publish).toFixed(0)} ms, max ${worst.toFixed(0)} ms (target < ${TARGET_MS})${worst < TARGET_MS ? ' ok' : ' MISSED'}`,
  );
}
