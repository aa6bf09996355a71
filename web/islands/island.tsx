import type { ComponentProps, ComponentType, ReactElement } from 'react';
import type { ISLAND_COMPONENTS } from './components';
import { ISLAND_ATTR, ISLAND_CLASS, PROPS_ATTR } from './island-kit';
import type { IslandName } from './island-kit';

type Components = typeof ISLAND_COMPONENTS;
export type IslandPropsOf<N extends IslandName> = ComponentProps<Components[N]>;

/**
 * Renders an island on the server: its component's HTML inside a container that names it and
 * carries its props (JSON, so only plain data), for the browser to hydrate it on its own. The page
 * passes the component itself (`of`, checked against the name): the page then imports only the
 * islands it holds, and the build gives it only their stylesheets. Islands do not use `useId`:
 * its ids depend on the whole tree, which the browser's island root lacks.
 */
export function Island<N extends IslandName>({
  name,
  of,
  props,
}: {
  name: N;
  of: Components[N];
  props: IslandPropsOf<N>;
}): ReactElement {
  const Component = of as ComponentType<Record<string, unknown>>;
  const json = JSON.stringify(props);
  return (
    <div className={ISLAND_CLASS} {...{ [ISLAND_ATTR]: name, [PROPS_ATTR]: json === '{}' ? undefined : json }}>
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
