import { useEffect, useId, useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import { formatCount } from '../format';
import { countCombinations, parseSpintax, spin } from '../spintax';

const SAMPLE = '{Halo|Hai|Selamat datang} di channel kami! {Jangan lupa|Yuk} {subscribe|like dan share} ya.';
const VARIATIONS = 3;

/** Type a description with spintax and see its combinations and a few random variations. */
export function SpintaxTester(): ReactElement {
  const inputId = useId();
  const [text, setText] = useState(SAMPLE);
  const [seed, setSeed] = useState(0);
  const [samples, setSamples] = useState<string[]>([]);
  const parsed = useMemo(() => parseSpintax(text), [text]);
  // Random variations are drawn after hydration only, so the prerendered HTML stays deterministic.
  useEffect(() => {
    setSamples(parsed.ok ? Array.from({ length: VARIATIONS }, () => spin(parsed.nodes)) : []);
  }, [parsed, seed]);
  const combinations = parsed.ok ? countCombinations(parsed.nodes) : 0;
  return (
    <div className="card spintax">
      <label htmlFor={inputId}>Tulis deskripsi dengan spintax</label>
      <textarea
        id={inputId}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
      />
      {parsed.ok ? (
        <>
          <p className="spintax-count" aria-live="polite">
            <strong>{formatCount(combinations)}</strong> kombinasi deskripsi
          </p>
          <ul className="spintax-samples">
            {samples.map((sample, index) => (
              <li key={index}>{sample || <em>(kosong)</em>}</li>
            ))}
          </ul>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setSeed((value) => value + 1)}>
            Acak lagi
          </button>
        </>
      ) : (
        <p className="spintax-error" role="alert">
          {parsed.error} Periksa karakter ke-{parsed.position + 1}.
        </p>
      )}
    </div>
  );
}
