import type { ReactElement } from 'react';
import { Route, Switch } from 'wouter';
import HomePage from './pages/home';
import NotFoundPage from './pages/not-found';
import { PATHS } from './paths';

export function App(): ReactElement {
  return (
    <Switch>
      <Route path={PATHS.home} component={HomePage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
