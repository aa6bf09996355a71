/** The guard the route table puts on every admin call: 401 without an owner's session, 403 for a cross-site change. */
import { ADMIN_SESSION } from '../shared/admin-session';
import { sessionGuard } from '../shared/session-cookie';

export const adminOnly = sessionGuard(ADMIN_SESSION, (req, admin) => {
  req.admin = admin;
});
