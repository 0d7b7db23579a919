// The commands the docs give that are neither an npm script nor a setting: each with the test
// that runs it, or runs or checks what it sets up, and a word that test must contain (so an entry
// cannot point at a test that has nothing to do with it). doc-commands.unit.test.ts fails on a
// command in a guide's shell block found neither here nor among package.json's scripts.

export interface KnownCommand {
  /** the simple command as a guide writes it, words joined by one space, quotes removed */
  command: string;
  /** the test (or check) that runs it, or what it sets up */
  where: string;
  /** text `where` contains: the command's program, or what it sets up */
  mentions: string;
}

const SCALE_OUT = 'tests/ops/readme-scale-out.test.ts';
const SYSTEMD = 'tests/ops/systemd-unit.test.ts';
const NGINX = 'tests/ops/nginx-proxy.test.ts';
const POSTGRES = 'tests/ops/postgres-deployment.test.ts';

export const KNOWN_COMMANDS: KnownCommand[] = [
  // docs/running/scale-out.md's example is run as written, in a shell, by its test.
  { command: 'openssl rand -hex 24', where: SCALE_OUT, mentions: 'scale-out example' },
  { command: 'openssl rand -base64 48', where: SCALE_OUT, mentions: 'scale-out example' },
  { command: 'set -a', where: SCALE_OUT, mentions: 'scale-out example' },
  { command: '. ./signing-api.env', where: SCALE_OUT, mentions: 'scale-out example' },
  { command: 'set +a', where: SCALE_OUT, mentions: 'scale-out example' },
  // docs/running/deployment.md, PostgreSQL: setup.sql applied with psql as written.
  {
    command:
      'psql -X -v ON_ERROR_STOP=1 -v db_name=signdesk -v owner_role=signdesk_owner -v owner_password=$OWNER_PASSWORD -v app_role=signdesk_app -v app_password=$APP_PASSWORD -f deploy/postgres/setup.sql postgres://postgres@db.internal:5432/postgres',
    where: POSTGRES,
    mentions: 'psql',
  },
  // deployment.md, systemd: a host's own steps; the test checks the unit they install (its
  // user, checkout, env file) and runs `systemd-analyze verify` on it.
  {
    command: 'useradd --system --home-dir /var/lib/signdesk --shell /usr/sbin/nologin signdesk',
    where: SYSTEMD,
    mentions: "toEqual(['signdesk'])",
  },
  { command: 'git clone … /opt/signdesk', where: SYSTEMD, mentions: '/opt/signdesk' },
  { command: 'cd /opt/signdesk', where: SYSTEMD, mentions: '/opt/signdesk' },
  { command: 'install -d -m 0750 -g signdesk /etc/signdesk', where: SYSTEMD, mentions: '/etc/signdesk/signdesk.env' },
  {
    command: 'install -m 0640 -g signdesk /dev/null /etc/signdesk/signdesk.env',
    where: SYSTEMD,
    mentions: '/etc/signdesk/signdesk.env',
  },
  {
    command: 'cp deploy/systemd/signdesk.service /etc/systemd/system/',
    where: SYSTEMD,
    mentions: 'deploy/systemd/signdesk.service',
  },
  { command: 'systemd-analyze verify /etc/systemd/system/signdesk.service', where: SYSTEMD, mentions: 'systemd-analyze verify' },
  { command: 'systemctl daemon-reload', where: SYSTEMD, mentions: 'systemd-analyze' },
  { command: 'systemctl enable --now signdesk', where: SYSTEMD, mentions: 'systemd-analyze' },
  // deployment.md, nginx: the site is installed and `nginx -t` checked by the proxy test.
  { command: 'apt-get install --no-install-recommends nginx', where: NGINX, mentions: 'deploy/nginx/signdesk.conf' },
  {
    command: 'cp deploy/nginx/signdesk.conf /etc/nginx/sites-available/signdesk',
    where: NGINX,
    mentions: 'deploy/nginx/signdesk.conf',
  },
  {
    command: 'ln -s ../sites-available/signdesk /etc/nginx/sites-enabled/signdesk',
    where: NGINX,
    mentions: 'deploy/nginx/signdesk.conf',
  },
  { command: 'rm /etc/nginx/sites-enabled/default', where: NGINX, mentions: 'deploy/nginx/signdesk.conf' },
  { command: 'nginx -t', where: 'tests/support/nginx.ts', mentions: "'-t'" },
  { command: 'systemctl reload nginx', where: NGINX, mentions: 'deploy/nginx/signdesk.conf' },
];
