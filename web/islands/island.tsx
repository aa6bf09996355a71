import type { ComponentProps, ComponentType, ReactElement } from 'react';
import { ISLAND_COMPONENTS } from './components';
import { ISLAND_ATTR, ISLAND_CLASS, PROPS_ATTR } from './island-kit';
import type { IslandName } from './island-kit';

type Components = typeof ISLAND_COMPONENTS;
export type IslandPropsOf<N extends IslandName> = ComponentProps<Components[N]>;

/**
 * Renders an island on the server: its component's HTML inside a container that names it and
 * carries its props (JSON, so only plain data), for the browser to hydrate it on its own. Islands
 * do not use `useId`: its ids depend on the whole tree, which the browser's island root lacks.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandPropsOf<N> }): ReactElement {
  const Component = ISLAND_COMPONENTS[name] as ComponentType<Record<string, unknown>>;
  const json = JSON.stringify(props);
  return (
    <div className={ISLAND_CLASS} {...{ [ISLAND_ATTR]: name, [PROPS_ATTR]: json === '{}' ? undefined : json }}>
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
