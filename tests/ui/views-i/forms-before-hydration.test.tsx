import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SubmitButton } from '../../../src/components/ui/button';

function SignIn({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label>
        Email <input name="email" defaultValue="" />
      </label>
      <SubmitButton>Sign In</SubmitButton>
    </form>
  );
}

describe('a form before hydration (docs/architecture.md, "Forms before hydration")', () => {
  it('is inert in the server markup, keeps what was typed through hydration, and submits once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignIn onSubmit={() => {}} />);
    document.body.append(container);
    const serverButton = container.querySelector('button');
    expect(serverButton).toBeDisabled();
    const email = container.querySelector('input') as HTMLInputElement;
    email.value = 'asha@example.in';

    const submitted = vi.fn();
    await act(async () => {
      hydrateRoot(container, <SignIn onSubmit={submitted} />);
    });
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBe(serverButton);
    expect(button).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.in');
    fireEvent.click(button);
    expect(submitted).toHaveBeenCalledTimes(1);
    container.remove();
  });

  it('stays disabled while its owner says so, and is enabled at once on a page the app renders', () => {
    const { rerender } = render(<SubmitButton disabled>Sending...</SubmitButton>);
    expect(screen.getByRole('button')).toBeDisabled();
    rerender(<SubmitButton>Send Message</SubmitButton>);
    expect(screen.getByRole('button')).toBeEnabled();
  });
});
