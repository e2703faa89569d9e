// roadrisk serve | worker | accounts create | keys create | keys revoke | data build | crashes import
// Every command prints JSON on stdout and messages on stderr (decisions §10).
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { loadSettings, SettingsError, type Settings } from './config.ts';
import { closeServices, composeServices, prepareDataDir } from './bootstrap.ts';
import { isPrepareProcess, runApiProcesses } from './cluster/api-processes.ts';
import { closeOnSignals, startServer } from './server.ts';
import { startTelematicsWorkers } from './jobs/start-workers.ts';
import { ENVIRONMENTS, KEY_ROLES, type KeyRole } from './accounts/account-service.ts';
import type { Environment } from './accounts/plans.ts';
import { CrashesRepository } from './storage/repositories/crashes.ts';
import { buildCrashData } from './crash-data/build.ts';
import { importCrashSource } from './crash-data/import-source.ts';
import { loadCrashData } from './crash-data/crash-data.ts';
import { stateLocator } from './domain/geo/states.ts';
import { CRASH_FORMATS, type CrashFormat, type Severity } from './domain/crashes/record.ts';

/** What each published format can contain (docs/data.md); the plain format may hold any severity. */
const SEVERITIES_BY_FORMAT: Record<CrashFormat, Severity[]> = {
  fars: ['fatal'],
  nyc: ['fatal', 'injury', 'property-damage'],
  switrs: ['fatal', 'serious-injury', 'injury'],
  indiana: ['fatal', 'serious-injury'],
  roadrisk: ['fatal', 'serious-injury', 'injury', 'property-damage'],
};

class UsageError extends Error {}

const HELP = `usage: roadrisk <command>
  serve                                   run the API: ROADRISK_API_PROCESSES processes, each with ROADRISK_WORKERS job workers
  worker                                  run job workers only
  accounts create --name NAME --plan trial|standard|enterprise [--email E --password-stdin]
  accounts set-password --name NAME --email E --password-stdin
  keys create --account NAME --environment production|sandbox --role admin|standard [--name N] [--expires-at ISO]
  keys revoke KEY_ID
  data build                              import the public source data and build the indexes
  crashes import --format F --source NAME [--states CA,NV] [--years 2019,2020] FILE...`;

function out(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

function option(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function withServices<T>(settings: Settings, run: (s: Awaited<ReturnType<typeof composeServices>>) => Promise<T>): Promise<T> {
  const services = await composeServices(settings);
  try {
    return await run(services);
  } finally {
    await closeServices(services);
  }
}

async function accountsCreate(settings: Settings, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, plan: { type: 'string' }, email: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  const name = option(values, 'name');
  const plan = option(values, 'plan');
  let passwordHash: string | null = null;
  if (values['password-stdin']) {
    if (!values.email) throw new UsageError('--password-stdin needs --email');
    const { hashPassword } = await import('./accounts/passwords.ts');
    passwordHash = await hashPassword(await readStdin());
  }
  await withServices(settings, async (services) => {
    const account = await services.accounts.createAccount({ name, plan, email: values.email ?? null, passwordHash });
    out({ account_id: account.id, name: account.name, plan: account.plan, email: account.email, created_at: account.created_at });
  });
}

async function accountsSetPassword(settings: Settings, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { name: { type: 'string' }, email: { type: 'string' }, 'password-stdin': { type: 'boolean' } } });
  if (!values['password-stdin']) throw new UsageError('accounts set-password reads the password from stdin: add --password-stdin');
  const { hashPassword } = await import('./accounts/passwords.ts');
  const passwordHash = await hashPassword(await readStdin());
  await withServices(settings, async (services) => {
    const account = await services.accounts.setSignIn(option(values, 'name'), option(values, 'email'), passwordHash);
    out({ account_id: account.id, name: account.name, email: account.email });
  });
}

async function keysCreate(settings: Settings, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      environment: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      'expires-at': { type: 'string' },
    },
  });
  const environment = option(values, 'environment');
  const role = option(values, 'role');
  if (!ENVIRONMENTS.includes(environment as Environment)) throw new UsageError('--environment must be production or sandbox');
  if (!KEY_ROLES.includes(role as KeyRole)) throw new UsageError('--role must be admin or standard');
  const expires = values['expires-at'];
  if (expires !== undefined && Number.isNaN(Date.parse(expires))) throw new UsageError('--expires-at must be an ISO 8601 date-time');
  await withServices(settings, async (services) => {
    const account = await services.accounts.accountByName(option(values, 'account'));
    out(
      await services.accounts.createKey({
        accountId: account.id,
        name: values.name ?? `${role} key`,
        environment: environment as Environment,
        role: role as KeyRole,
        expiresAt: expires ? new Date(expires).toISOString() : null,
      }),
    );
  });
}

async function keysRevoke(settings: Settings, args: string[]): Promise<void> {
  const keyId = args[0];
  if (!keyId) throw new UsageError('keys revoke needs KEY_ID');
  await withServices(settings, async (services) => out(await services.accounts.revokeKeyById(keyId)));
}

const progress = (message: string) => process.stderr.write(`${message}\n`);

async function dataBuild(settings: Settings): Promise<void> {
  await withServices(settings, async (services) => {
    const { report } = await buildCrashData(new CrashesRepository(services.store.db), {
      sourceDataDir: settings.sourceDataDir,
      dataDir: settings.dataDir,
      states: stateLocator(),
      now: new Date(),
      log: progress,
    });
    out(report);
  });
}

function listOption(value: unknown): string[] | undefined {
  return typeof value === 'string' ? value.split(',').map((v) => v.trim()).filter(Boolean) : undefined;
}

async function crashesImport(settings: Settings, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string' }, source: { type: 'string' }, states: { type: 'string' }, years: { type: 'string' } },
  });
  const format = option(values, 'format');
  if (!(CRASH_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${CRASH_FORMATS.join(', ')}`);
  if (positionals.length === 0) throw new UsageError('crashes import needs at least one FILE');
  const years = listOption(values.years)?.map(Number);
  if (years?.some((y) => !Number.isInteger(y))) throw new UsageError('--years must be a comma-separated list of years');
  await withServices(settings, async (services) => {
    const repository = new CrashesRepository(services.store.db);
    const result = await importCrashSource(
      repository,
      {
        name: option(values, 'source'),
        format: format as CrashFormat,
        files: positionals,
        severities: SEVERITIES_BY_FORMAT[format as CrashFormat],
        area: `imported from ${positionals.join(', ')}`,
        states: listOption(values.states),
        years,
      },
      { stateOf: (lat, lon) => stateLocator().stateOf(lat, lon), now: new Date(), log: progress },
    );
    const data = await loadCrashData(repository, settings.dataDir, progress);
    out({ ...result, dataVersion: data?.version ?? null, crashesIndexed: data?.index.size ?? 0 });
  });
}

async function worker(settings: Settings): Promise<void> {
  if (settings.workers === 0) throw new UsageError('ROADRISK_WORKERS is 0: a worker process needs at least 1');
  const services = await composeServices(settings, { crashData: 'load', log: progress });
  if (!services.telematicsScoring()) {
    await closeServices(services);
    throw new Error('no crash data is loaded: run `roadrisk data build` first');
  }
  services.crashData.watch();
  const log = (message: string, fields?: Record<string, unknown>) => progress(`${message} ${fields ? JSON.stringify(fields) : ''}`);
  const runtime = startTelematicsWorkers(services, log)!;
  process.stderr.write(`roadrisk worker running ${settings.workers} job(s) at once\n`);
  const stop = () => {
    const timer = setTimeout(() => process.exit(1), 25_000);
    timer.unref();
    void runtime
      .stop()
      .then(() => closeServices(services))
      .then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function serve(settings: Settings): Promise<void> {
  const log = (message: string) => process.stderr.write(`${message}\n`);
  if (settings.apiProcesses > 1 && cluster.isPrimary) return runApiProcesses(settings, log);
  if (isPrepareProcess()) {
    await prepareDataDir(settings, log);
    process.exit(0); // the cluster's IPC channel would keep this process alive
  }
  const server = await startServer(settings);
  closeOnSignals(server);
  // In a cluster the primary announces the address once every API process listens.
  if (!cluster.isWorker) process.stderr.write(`roadrisk listening on ${server.address}\n`);
}

export async function main(argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`roadrisk: bad setting ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    if (command === 'serve') await serve(settings);
    else if (command === 'worker') await worker(settings);
    else if (command === 'accounts' && sub === 'create') await accountsCreate(settings, rest);
    else if (command === 'accounts' && sub === 'set-password') await accountsSetPassword(settings, rest);
    else if (command === 'keys' && sub === 'create') await keysCreate(settings, rest);
    else if (command === 'keys' && sub === 'revoke') await keysRevoke(settings, rest);
    else if (command === 'data' && sub === 'build') await dataBuild(settings);
    else if (command === 'crashes' && sub === 'import') await crashesImport(settings, rest);
    else {
      process.stderr.write(HELP + '\n');
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`roadrisk: ${message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
