import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from './copy-text';
import { promptText } from './prompt';
import type { Prompt, PromptKind } from './prompt';

export const COPY_FEEDBACK_MS = 2000;

const keyOf = (id: number, kind: PromptKind): string => `${id}:${kind}`;

export type CopyFeedback = {
  isCopied: (id: number, kind: PromptKind) => boolean;
  /** Copies the prompt's text; on success the (prompt, kind) pair reads as copied for 2 s. */
  copy: (prompt: Prompt, kind: PromptKind) => Promise<void>;
};

/** Copy feedback per prompt and kind; a failed clipboard write is silently ignored (docs/spec.md#copy-feedback). */
export function useCopyFeedback(duration = COPY_FEEDBACK_MS): CopyFeedback {
  const [copied, setCopied] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const copy = useCallback(
    async (prompt: Prompt, kind: PromptKind): Promise<void> => {
      const text = promptText(prompt, kind);
      if (text === '' || !(await copyText(text))) return;
      const key = keyOf(prompt.id, kind);
      clearTimeout(timers.current.get(key));
      setCopied((previous) => new Set(previous).add(key));
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          setCopied((previous) => {
            const next = new Set(previous);
            next.delete(key);
            return next;
          });
        }, duration),
      );
    },
    [duration],
  );

  const isCopied = useCallback((id: number, kind: PromptKind) => copied.has(keyOf(id, kind)), [copied]);
  return { isCopied, copy };
}
