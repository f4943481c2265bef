import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';

type Props = { location: Location; children: ReactNode };
type State = { error: unknown; location: Location };

/**
 * What React Router's data router showed when a screen failed to render or its chunk failed to load
 * (its default error element, without the stack trace): the error's message in place of the page, until
 * the next navigation.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>
          {error instanceof Error ? error.message : JSON.stringify(error)}
        </h3>
      </>
    );
  }
}
