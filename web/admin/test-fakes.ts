/** Fakes for the state tests: a scripted fetch and recorded browser dialogs. */

export type Call = { method: string; path: string; body: unknown };
type Responder = (call: Call) => { status: number; body: unknown } | Error;

export type Fakes = {
  calls: Call[];
  alerts: string[];
  confirms: string[];
  /** Answers for window.prompt, used in order; null means Cancel. */
  promptAnswers: Array<string | null>;
  confirmAnswer: boolean;
  restore: () => void;
};

/** Replaces fetch and the dialogs; `respond` decides each answer (default: `{success:true}` with empty lists). */
export function installFakes(respond: Responder = () => ({ status: 200, body: { success: true } })): Fakes {
  const realFetch = globalThis.fetch;
  const { alert, confirm, prompt } = window;
  const fakes: Fakes = {
    calls: [],
    alerts: [],
    confirms: [],
    promptAnswers: [],
    confirmAnswer: true,
    restore() {
      globalThis.fetch = realFetch;
      Object.assign(window, { alert, confirm, prompt });
    },
  };
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const path = String(url);
    const call: Call = {
      method: init.method ?? 'GET',
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    fakes.calls.push(call);
    const answer = respond(call);
    if (answer instanceof Error) throw answer;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status });
  }) as typeof fetch;
  Object.assign(window, {
    alert: (message: string) => void fakes.alerts.push(String(message)),
    confirm: (message: string) => {
      fakes.confirms.push(String(message));
      return fakes.confirmAnswer;
    },
    prompt: () => (fakes.promptAnswers.length > 0 ? fakes.promptAnswers.shift()! : null),
  });
  return fakes;
}

/** The mutating calls only (lists reload after every success; tests rarely care about those). */
export function changes(fakes: Fakes): Call[] {
  return fakes.calls.filter((call) => call.method !== 'GET');
}
