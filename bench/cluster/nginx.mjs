// nginx in front of the app processes, as docs/DEPLOY.md §4 configures it, for npm run
// bench:cluster: Debian's nginx (installed with apt-get when missing and we are root), its own
// temporary prefix and configuration, a free loopback port, in the foreground as our child. Its
// access log is JSON lines with the upstream's address and status, so each fault's 5xx and the
// requests nginx passed on to another process can be counted.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tailOf } from '../../scripts/test-support/server.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** Who the workers run as when the master is root (Debian's nginx defaults to nobody too). */
const WORKER_USER = 'nobody';
const WORKER_GROUP = 'nogroup';
const TEMPORARY = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function idOf(flag, user) {
  return Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
}

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** The nginx binary: on PATH or in /usr/sbin; installed from Debian (apt-get) when missing and root. */
export function ensureNginx(log) {
  const known = () => which('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);
  const found = known();
  if (found) return found;
  if (!isRoot) throw new Error('nginx is not installed: install it (apt-get install nginx) or run as root.');
  log('nginx is missing: apt-get install -y nginx');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  let result = install();
  if (result.status !== 0) {
    // A fresh container has no package lists yet.
    spawnSync('apt-get', ['update'], { encoding: 'utf8', stdio: 'ignore' });
    result = install();
  }
  const installed = known();
  if (result.status !== 0 || !installed)
    throw new Error(`apt-get install nginx failed: ${(result.stderr || result.stdout || '').slice(-500)}`);
  return installed;
}

export function nginxVersion(binary) {
  const result = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return (result.stderr || result.stdout).trim().replace(/^nginx version: /, '');
}

/**
 * The configuration: DEPLOY.md's, on plain HTTP and a loopback port. `Host $http_host` rather than
 * `$host`: the port is not 443, and the apps compare the whole host with PUBLIC_URL's.
 */
export function nginxConfig({ dir, port, upstreams }) {
  return `# Written by bench/cluster/nginx.mjs for npm run bench:cluster (docs/DEPLOY.md §4).
${isRoot ? `user ${WORKER_USER} ${WORKER_GROUP};\n` : ''}worker_processes auto;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }

http {
    log_format cluster escape=json '{"t":$msec,"m":"$request_method","u":"$uri","s":$status,'
        '"ua":"$upstream_addr","us":"$upstream_status","rt":$request_time}';
    access_log ${dir}/access.log cluster;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    proxy_cache_path ${dir}/cache keys_zone=letsema:10m max_size=500m inactive=7d use_temp_path=off;

    upstream letsema {
${upstreams.map((p) => `        server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
        keepalive 32;
        # Below the app's own keep-alive timeout (Node's 5 s): nginx never reuses a connection the
        # app is closing, which would fail a POST it may not send again.
        keepalive_timeout 4s;
    }

    server {
        listen 127.0.0.1:${port};
        server_name _;

        gzip off;
        client_max_body_size 55m;

        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Request-Id $request_id;

        # A process that is down (refused, reset, silent) hands the request to the next one: a GET
        # or HEAD always, a POST or PATCH only when it never reached the process (non_idempotent is
        # not set: a donation is never sent twice). Not http_500 or http_503: they count as the
        # process failing, but while PostgreSQL restarts every process answers them at once (they
        # share it), and nginx would be left with "no live upstreams" (502) for fail_timeout.
        proxy_next_upstream error timeout;
        proxy_next_upstream_tries 3;
        proxy_next_upstream_timeout 10s;
        proxy_connect_timeout 2s;
        proxy_read_timeout 60s;
        proxy_send_timeout 60s;

        location / {
            proxy_pass http://letsema;
        }

        # Prometheus reads each process on its own port, never through the proxy.
        location = /metrics {
            return 404;
        }

        location /_astro/ {
            proxy_pass http://letsema;
            proxy_cache letsema;
            proxy_cache_valid 200 365d;
        }
    }
}
`;
}

/**
 * Starts nginx on `port` of 127.0.0.1 in `dir` (its prefix) in front of `upstreams` (ports), once
 * they answer: a process nginx finds down is not tried again for fail_timeout.
 * @returns {Promise<{ url: string, port: number, config: () => string, reload: (upstreams: number[]) => Promise<void>,
 *   accessLog: () => Array<{ t: number, m: string, u: string, s: number, ua: string, us: string, rt: number }>,
 *   stop: () => Promise<void> }>}
 */
export async function startNginx({ binary, dir, port, upstreams }) {
  mkdirSync(dir, { recursive: true });
  // The workers run as nobody: they must reach the prefix and own its temporary directories.
  chmodSync(dir, 0o755);
  for (const name of TEMPORARY) {
    mkdirSync(join(dir, name), { recursive: true });
    if (isRoot) chownSync(join(dir, name), idOf('-u', WORKER_USER), idOf('-g', WORKER_USER));
  }
  const file = join(dir, 'nginx.conf');
  let current = nginxConfig({ dir, port, upstreams });
  writeFileSync(file, current);
  const test = spawnSync(binary, ['-t', '-p', dir, '-c', file], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  // In a process group of its own: its workers go with it, also when this process dies.
  const child = spawn(binary, ['-p', dir, '-c', file, '-g', 'daemon off;'], {
    stdio: 'ignore',
    detached: true,
  });
  let exited = false;
  const exitedPromise = new Promise((resolve) => child.once('exit', () => resolve(undefined))).then(() => {
    exited = true;
  });
  const signalAll = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const killOnExit = () => signalAll('SIGKILL');
  process.once('exit', killOnExit);
  // Also when it fails to start: nothing of it may stay behind.
  const fail = (why) => {
    signalAll('SIGKILL');
    process.removeListener('exit', killOnExit);
    throw new Error(`${why}:\n${tailOf(join(dir, 'error.log'))}`);
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) fail('nginx exited at start');
    try {
      const answer = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (answer.status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 100) fail(`nginx does not answer 200 on ${url}/api/v1/health`);
    await sleep(100);
  }
  return {
    url,
    port,
    config: () => current,
    /** Rewrites the upstream list and reloads (SIGHUP): new workers take it, old ones finish their requests. */
    async reload(next) {
      current = nginxConfig({ dir, port, upstreams: next });
      writeFileSync(file, current);
      child.kill('SIGHUP');
      // The old workers finish what they were answering and exit; new ones start at once.
      await sleep(1500);
    },
    accessLog() {
      const path = join(dir, 'access.log');
      if (!existsSync(path)) return [];
      return readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (exited) return;
      child.kill('SIGQUIT');
      const timer = setTimeout(() => signalAll('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(timer);
      // Whatever is left of the group (a worker still finishing) goes too.
      signalAll('SIGKILL');
    },
  };
}
