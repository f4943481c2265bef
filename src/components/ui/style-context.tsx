import { type ComponentProps, createContext, type ElementType, type JSX, useContext } from 'react';
import { cx } from 'styled-system/css';

/** What Panda generates for a slot recipe (styled-system/recipes): one class name per slot. */
type SlotRecipe = {
  __slot: string;
  __type: object;
  // biome-ignore lint/suspicious/noExplicitAny: each generated recipe takes its own variant props
  (variants?: any): Record<string, string>;
  splitVariantProps(props: object): [object, object];
};

type Slot<R extends SlotRecipe> = R['__slot'];
type Variants<R extends SlotRecipe> = R['__type'];
type Classes<R extends SlotRecipe> = Record<Slot<R>, string>;

const nameOf = (component: ElementType) =>
  typeof component === 'string' ? component : (component.displayName ?? component.name ?? 'Component');

/**
 * Compound components from a slot recipe, as park-ui builds its Ark wrappers: the part given the
 * variants (`withProvider`, or `withRootProvider` for a root that renders no element, like a Dialog's)
 * computes every slot's class once and shares them; each other part (`withContext`) takes its slot's
 * class from there. A `className` passed to a part is added to its slot's class.
 */
export function createStyleContext<R extends SlotRecipe>(recipe: R) {
  const StyleContext = createContext<Classes<R> | null>(null);

  function useClasses(component: string, slot: Slot<R>): Classes<R> {
    const classes = useContext(StyleContext);
    if (!classes) throw new Error(`<${component}> (${slot}) must be rendered inside its root part`);
    return classes;
  }

  function withRootProvider<C extends ElementType>(Component: C) {
    const Element = Component as ElementType;
    function RootProvider(props: ComponentProps<C> & Variants<R>) {
      const [variants, rest] = recipe.splitVariantProps(props);
      return (
        <StyleContext.Provider value={recipe(variants) as Classes<R>}>
          <Element {...rest} />
        </StyleContext.Provider>
      );
    }
    RootProvider.displayName = `withRootProvider(${nameOf(Component)})`;
    return RootProvider as (props: ComponentProps<C> & Variants<R>) => JSX.Element;
  }

  function withProvider<C extends ElementType>(Component: C, slot: Slot<R>) {
    const Element = Component as ElementType;
    function Provider(props: ComponentProps<C> & Variants<R>) {
      const [variants, rest] = recipe.splitVariantProps(props) as [object, { className?: string }];
      const classes = recipe(variants) as Classes<R>;
      return (
        <StyleContext.Provider value={classes}>
          <Element {...rest} className={cx(classes[slot], rest.className)} />
        </StyleContext.Provider>
      );
    }
    Provider.displayName = `withProvider(${nameOf(Component)})`;
    return Provider as (props: ComponentProps<C> & Variants<R>) => JSX.Element;
  }

  function withContext<C extends ElementType>(Component: C, slot: Slot<R>) {
    const Element = Component as ElementType;
    const name = nameOf(Component);
    function Consumer(props: ComponentProps<C>) {
      const classes = useClasses(name, slot);
      return (
        <Element {...props} className={cx(classes[slot], (props as { className?: string }).className)} />
      );
    }
    Consumer.displayName = `withContext(${name})`;
    return Consumer as (props: ComponentProps<C>) => JSX.Element;
  }

  return { withRootProvider, withProvider, withContext };
}
