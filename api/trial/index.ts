/** What other features may use of the trial room: issuing the free trial when its e-mailed link is opened. */
export { issueTrial } from './issue-trial';
