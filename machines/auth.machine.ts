import { assign, emit, fromPromise, setup } from 'xstate';
import { EMAIL_PATTERN, normaliseEmail } from '../shared/email';
import { type AppRef, tellApp } from './app-inbox';
import { messageOf } from './errors';
import { type EmittedEvent, navigate, toast } from './events';

export const LOGIN_FAILED = 'Failed to login. Please check your credentials.';
export const NO_RESPONSE = 'No response from server. Please try again later.';
const TOKEN_MISSING = 'Authentication failed: Token is missing in the response';
export const REGISTER_FAILED = 'Failed to register. Please try again.';

export type LoginInput = { email: string; password: string };
export type RegisterInput = { email: string; password: string; firstName: string; lastName: string };

export type AuthEvent =
  /** `remember`: keep the sign-in for 30 days (the default) or only for this browser session. */
  | ({ type: 'auth.login'; redirectTo?: string; remember?: boolean } & LoginInput)
  /** `redirectTo`: the page the sign-in gate sent the new customer from, kept for their first sign-in. */
  | ({ type: 'auth.register'; redirectTo?: string } & RegisterInput)
  | { type: 'auth.logout' }
  /** Any call was answered 401 (the client has already removed the cookie). */
  | { type: 'auth.unauthorized' };

/** Client side the user is an email only; after a reload it is a placeholder (email null). */
type AuthUser = { email: string | null };

export type AuthContext = {
  user: AuthUser | null;
  redirectTo: string;
  /**
   * Where the sign-in gate was sending a shopper who registered instead of signing in: registering
   * goes home (spec §2), and the first sign-in without an origin of its own goes here.
   */
  pendingOrigin: string | null;
  /** 'Remember me' of the last sign-in: a 30-day cookie, else a session cookie. */
  remember: boolean;
  /** Set when the last registration failed: the register form shows its alert. */
  registrationFailed: boolean;
  /** The app this actor reports sign-in and sign-out to (none when the machine runs on its own). */
  app: AppRef | null;
};

/**
 * A 401 signs a signed-in user out. It is ignored while signing in or registering: a wrong password is
 * also a 401, and that attempt's own error toast must still show.
 */
const signOutAfter401 = {
  target: '#auth.anonymous',
  actions: ['removeToken', 'clearUser', 'announceSignedOut'],
  description: 'The server refused the sign-in (a 401 on any call): the shopper is signed out.',
} as const;

/**
 * Sign-in state (spec §4 Authentication, §8). `readToken` resolves with the `auth_token` cookie (or
 * null); `login` resolves with the server's answer, whose token may be missing; `storeToken` and
 * `removeToken` write the cookie. Registration never signs in. Every sign-in and sign-out is reported
 * to the app (`auth.signedIn`, `auth.signedOut`), which tells the actors that follow the session.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as EmittedEvent,
    input: {} as { app?: AppRef } | undefined,
  },
  actors: {
    readToken: fromPromise<string | null>(async () => null),
    login: fromPromise<{ token?: string | null }, LoginInput>(async () => {
      throw new Error('login is provided by its *.live.ts in src/features');
    }),
    register: fromPromise<unknown, RegisterInput>(async () => {
      throw new Error('register is provided by its *.live.ts in src/features');
    }),
    logout: fromPromise<void>(async () => {}),
  },
  guards: {
    hasToken: (_, params: { token: string | null | undefined }) =>
      typeof params.token === 'string' && params.token !== '',
    isRegistrationEmailValid: ({ event }) =>
      event.type === 'auth.register' && EMAIL_PATTERN.test(event.email.trim()),
  },
  actions: {
    storeToken: (_, _params: { token: string; remember: boolean }) => {},
    removeToken: () => {},
    assignPlaceholderUser: assign({ user: { email: null } }),
    rememberLogin: assign({
      user: ({ event }) => (event.type === 'auth.login' ? { email: event.email.trim() } : null),
      redirectTo: ({ context, event }) =>
        (event.type === 'auth.login' ? event.redirectTo : undefined) ?? context.pendingOrigin ?? '/',
      remember: ({ event }) => (event.type === 'auth.login' ? event.remember !== false : true),
    }),
    clearUser: assign({ user: null }),
    startRegistration: assign({
      registrationFailed: false,
      pendingOrigin: ({ context, event }) =>
        event.type === 'auth.register' && event.redirectTo ? event.redirectTo : context.pendingOrigin,
    }),
    forgetPendingOrigin: assign({ pendingOrigin: null }),
    markRegistrationFailed: assign({ registrationFailed: true }),
    notifyLoggedIn: emit(toast('Success!', 'Logged in successfully.', 'success')),
    goToOrigin: emit(({ context }) => navigate(context.redirectTo, { replace: true })),
    notifyTokenMissing: emit(toast('Error', TOKEN_MISSING, 'error')),
    notifyLoginFailed: emit((_, params: { error: unknown }) =>
      toast('Error', messageOf(params.error, LOGIN_FAILED), 'error'),
    ),
    notifyRegistered: emit(toast('Success!', 'Account created successfully. You can now log in.', 'success')),
    notifyRegistrationFailed: emit((_, params: { error: unknown }) =>
      toast('Registration Error', messageOf(params.error, REGISTER_FAILED), 'error'),
    ),
    notifyInvalidEmail: emit(toast('Invalid Email', 'Please enter a valid email address.', 'error')),
    // Two readings: §2 (the Account screen, where Sign Out lives) says 'You have been successfully logged
    // out.' and §8 'You have been logged out successfully.'. The screen's own text is the one a shopper
    // who just pressed Sign Out is shown.
    notifyLoggedOut: emit(toast('Logged out', 'You have been successfully logged out.', 'success')),
    notifyLogoutFailed: emit(toast('Error', 'Failed to log out properly.', 'error')),
    goHome: emit(navigate('/')),
    announceSignedIn: tellApp({ type: 'auth.signedIn' }),
    announceSignedOut: tellApp({ type: 'auth.signedOut' }),
  },
}).createMachine({
  id: 'auth',
  description: "The shopper's sign-in: visitor or signed in, and the way between them.",
  context: ({ input }) => ({
    user: null,
    redirectTo: '/',
    pendingOrigin: null,
    remember: true,
    registrationFailed: false,
    app: input?.app ?? null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Opening the shop: is the shopper still signed in from a previous visit?',
      tags: ['loading'],
      on: { 'auth.unauthorized': signOutAfter401 },
      invoke: {
        id: 'readToken',
        src: 'readToken',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output }) },
            target: 'authenticated',
            actions: ['assignPlaceholderUser', 'announceSignedIn'],
            description: 'A sign-in is kept from last time: the shopper is signed in.',
          },
          { target: 'anonymous', description: 'No kept sign-in: the shopper is a visitor.' },
        ],
        onError: { target: 'anonymous', description: 'The browser would not say: treat them as a visitor.' },
      },
    },
    anonymous: {
      description: 'A visitor: they can sign in or create an account.',
      on: {
        'auth.login': { target: 'loggingIn', actions: 'rememberLogin' },
        'auth.register': [
          { guard: 'isRegistrationEmailValid', target: 'registering', actions: 'startRegistration' },
          { actions: 'notifyInvalidEmail', description: 'The email does not look like one: say so.' },
        ],
      },
    },
    loggingIn: {
      description: 'Checking the email and password with the server.',
      tags: ['loading'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'auth.login'
            ? { email: event.email.trim(), password: event.password }
            : { email: '', password: '' },
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output.token }) },
            target: 'authenticated',
            actions: [
              {
                type: 'storeToken',
                params: ({ context, event }) => ({
                  token: event.output.token as string,
                  remember: context.remember,
                }),
              },
              'announceSignedIn',
              'notifyLoggedIn',
              'goToOrigin',
              'forgetPendingOrigin',
            ],
            description: 'Signed in: back to where the shopper was going.',
          },
          {
            target: 'anonymous',
            actions: ['clearUser', 'notifyTokenMissing'],
            description: 'The server said yes but sent no sign-in token: still a visitor.',
          },
        ],
        onError: {
          target: 'anonymous',
          actions: [
            'clearUser',
            { type: 'notifyLoginFailed', params: ({ event }) => ({ error: event.error }) },
          ],
          description: 'Wrong email or password, or no answer: say why and stay a visitor.',
        },
      },
    },
    registering: {
      description: 'Creating the account on the server.',
      tags: ['loading'],
      invoke: {
        id: 'register',
        src: 'register',
        // Spec §5: the email is trimmed and lowercased before sending.
        input: ({ event }) =>
          event.type === 'auth.register'
            ? {
                email: normaliseEmail(event.email),
                password: event.password,
                firstName: event.firstName.trim(),
                lastName: event.lastName.trim(),
              }
            : { email: '', password: '', firstName: '', lastName: '' },
        onDone: {
          target: 'anonymous',
          actions: ['notifyRegistered', 'goHome'],
          description: 'Account created; the shopper signs in next (registering does not sign in).',
        },
        onError: {
          target: 'anonymous',
          actions: [
            'markRegistrationFailed',
            { type: 'notifyRegistrationFailed', params: ({ event }) => ({ error: event.error }) },
          ],
          description: 'The account could not be created (e.g. the email is taken): the form says so.',
        },
      },
    },
    authenticated: {
      description: 'Signed in: checkout, orders and the account page are open to the shopper.',
      on: {
        'auth.login': {
          target: 'loggingIn',
          actions: ['removeToken', 'clearUser', 'announceSignedOut', 'rememberLogin'],
          description:
            'The login form sent while signed in (as another account, say): the kept sign-in ends first, so a wrong password leaves a visitor rather than the old account.',
        },
        'auth.register': [
          {
            guard: 'isRegistrationEmailValid',
            target: 'registering',
            actions: ['removeToken', 'clearUser', 'announceSignedOut', 'startRegistration'],
            description:
              'The registration form sent while signed in: that sign-in ends, and the new account is created (registering never signs in).',
          },
          { actions: 'notifyInvalidEmail', description: 'The email does not look like one: say so.' },
        ],
        'auth.logout': { target: 'loggingOut' },
        'auth.unauthorized': signOutAfter401,
      },
    },
    loggingOut: {
      description: 'Signing out: forgetting the sign-in in this browser.',
      tags: ['loading'],
      on: { 'auth.unauthorized': signOutAfter401 },
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'anonymous',
          actions: ['clearUser', 'announceSignedOut', 'notifyLoggedOut', 'goHome'],
          description: 'Signed out: back to the home page.',
        },
        // The cookie could not be removed: the user is still signed in, so say so and stay.
        onError: {
          target: 'authenticated',
          actions: 'notifyLogoutFailed',
          description: 'The sign-in could not be forgotten: the shopper is still signed in.',
        },
      },
    },
  },
});
