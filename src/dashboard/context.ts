// What the dashboard's routes share: the app's services plus the dashboard's own sign-in state.
import type { Services } from '../services.ts';
import { AccountsRepository } from '../storage/repositories/accounts.ts';
import { SessionsRepository } from '../storage/repositories/sessions.ts';
import { SessionStore } from './session-store.ts';
import { SignIn } from './sign-in.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

export interface DashboardContext {
  services: Services;
  accounts: AccountsRepository;
  sessions: SessionStore;
  signIn: SignIn;
}

export function dashboardContext(services: Services): DashboardContext {
  const accounts = new AccountsRepository(services.store.db);
  const sessionsRepository = new SessionsRepository(services.store.db);
  return {
    services,
    accounts,
    sessions: new SessionStore(sessionsRepository, services.now),
    signIn: new SignIn(accounts, new SignInThrottle(sessionsRepository, services.now)),
  };
}
