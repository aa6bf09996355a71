/**
 * What an SMTP failure means, in words for the owner: the outbox keeps the server's raw answer
 * (`ESOCKET: connect ECONNREFUSED 127.0.0.1:587`), which the Mail view shows under this line.
 */
const MEANINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /EAUTH|\b535\b|\b534\b|authentication|invalid login/i,
    'The mail server refused the user name or password in SMTP_URL.',
  ],
  [
    /ECONNREFUSED/i,
    'The mail server refused the connection: the host or port in SMTP_URL is wrong, or the server is down.',
  ],
  [/ENOTFOUND|EAI_AGAIN|EDNS/i, 'The mail server’s name was not found: check the host in SMTP_URL.'],
  [
    /ETIMEDOUT|timeout|greeting never received/i,
    'The mail server did not answer in time: check the host and port in SMTP_URL (many networks block port 25).',
  ],
  [
    /ETLS|certificate|self[- ]signed|wrong version number|ssl/i,
    'The secure connection to the mail server failed: use smtps:// with port 465, or smtp:// with 587.',
  ],
  [/ECONNRESET|EPIPE|socket/i, 'The connection to the mail server broke off; it is tried again by itself.'],
  [/\b552\b|5\.2\.2|mailbox full|quota/i, 'The buyer’s mailbox is full.'],
  [
    /\b55[03]\b|5\.1\.[0-9]|no such user|user unknown|does not exist|recipient/i,
    'The buyer’s mail server refused this address: it may be mistyped or no longer exist.',
  ],
  [
    /\b554\b|spam|blocked|policy|5\.7\.[0-9]/i,
    'The message was refused as spam or by policy: check that MAIL_FROM’s domain allows your SMTP server (SPF, DKIM).',
  ],
  [/\b4[0-9][0-9]\b|4\.[0-9]\.[0-9]/, 'The mail server asked to try again later; it is tried again by itself.'],
];

export function explainMailError(error: string): string {
  return MEANINGS.find(([pattern]) => pattern.test(error))?.[1] ?? 'The mail server did not take the message.';
}
