// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sentry from '@sentry/astro';
import { defineConfig, envField, passthroughImageService } from 'astro/config';
import UnoCSS from 'unocss/astro';
import { precompress } from './scripts/build/precompress.mjs';

/**
 * `client:signedin` (src/scripts/signedInDirective.ts): protected pages' islands load only for a stored session.
 * @type {import('astro').AstroIntegration}
 */
const signedInDirective = {
  name: 'letsema:client-signedin',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({
        name: 'signedin',
        entrypoint: fileURLToPath(new URL('./src/scripts/signedInDirective.ts', import.meta.url)),
      }),
  },
};

// Sentry is compiled in only when a DSN is known at build time; `npm start`
// rebuilds when SENTRY_DSN changes (scripts/build-if-needed.mjs).
const sentryDsn = process.env.SENTRY_DSN;
// The browser SDK sends events straight to the DSN's host, so the CSP must allow it.
const sentryOrigin = sentryDsn ? new URL(sentryDsn).origin : '';

export default defineConfig({
  output: 'server',
  // BUILD_DIR lets parallel work build side by side (e.g. BUILD_DIR=.dist-mine); dist/ by default.
  outDir: process.env.BUILD_DIR || './dist',
  // A request handler, not a server: server/main.ts serves static files and cached pages in front of it.
  adapter: node({ mode: 'middleware' }),
  security: {
    // The API authenticates with bearer tokens (not cookies), so cross-site form posts carry no
    // authority; and payment gateways post notifications without an Origin header.
    checkOrigin: false,
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src 'self'${sentryOrigin ? ` ${sentryOrigin}` : ''}`,
        "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
        "object-src 'none'",
        "base-uri 'self'",
        // The donation form posts to the gateways' hosted checkouts (the simulator is 'self').
        "form-action 'self' https://www.payfast.co.za https://sandbox.payfast.co.za https://pay.ozow.com https://www.paypal.com https://www.sandbox.paypal.com https://portal.host.iveri.com",
        // ALTCHA solves its proof of work in a worker built from a blob.
        "worker-src 'self' blob:",
        "frame-ancestors 'none'",
      ],
    },
  },
  trailingSlash: 'ignore',
  // Uploads are resized once when stored (src/lib/server/platform/files.ts); nothing uses Astro's
  // image pipeline, whose /_image endpoint would let anyone spend a second of CPU per URL.
  image: {
    service: passthroughImageService(),
    endpoint: { route: '/_image', entrypoint: './src/lib/server/platform/noImageEndpoint.ts' },
  },
  // Shiki's inline styles cannot pass the CSP; information pages need no code highlighting.
  markdown: { syntaxHighlight: false },
  integrations: [
    // Islands render to one string: React's streaming renderer moves a Suspense part (the donation
    // form's monthly fields) out of a large page and reveals it with inline scripts the CSP refuses.
    react({ experimentalDisableStreaming: true }),
    signedInDirective,
    UnoCSS({ injectReset: true }),
    precompress(),
    ...(sentryDsn
      ? [
          sentry({
            dsn: sentryDsn,
            sourceMapsUploadOptions: { enabled: false },
            telemetry: false,
          }),
        ]
      : []),
  ],
  env: {
    schema: {
      SUPPORT_EMAIL: envField.string({
        context: 'client',
        access: 'public',
        default: 'support@letsema.org.za',
      }),
      SITE_NAME: envField.string({ context: 'client', access: 'public', default: 'Letsema' }),
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Two chunks instead of dozens of small ones, which compress worse one by one (issue 23:
              // 3.3 KB less on the donation page): React's pieces (react, react-dom, the scheduler,
              // the JSX runtime, Astro's hydration client), which every island needs; and the form
              // kit's fields (src/islands/form, @modular-forms, its signals, valibot), which every
              // form needs; the rarer parts (address, password, dialogs) stay in their own chunks.
              // Read-only pages load neither. A group over src/lib or src/stores would put React
              // pages' code on them: measure with `npm run bench -- --only=weight` before adding one.
              codeSplitting: {
                groups: [
                  // Paraglide's runtime and src/lib/i18n (issue 27): every page's script reads them, so
                  // they stay a small chunk of their own; left to the groups below they went into the
                  // forms chunk (a group takes its modules' dependencies), and with it React onto
                  // read-only pages.
                  {
                    name: 'i18n',
                    test: /src[\\/]paraglide[\\/]runtime\.js$|src[\\/]lib[\\/]i18n[\\/]/,
                    priority: 3,
                  },
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                    priority: 2,
                  },
                  {
                    name: 'forms',
                    test: /src[\\/]islands[\\/]form[\\/](fieldParts|formValues|validation|FormNotice|SubmitButton|TextField|TextAreaField|EmailField|PhoneField|AmountField|SelectField|CheckboxField|RadioField)\.tsx?$|node_modules[\\/](@modular-forms|@preact[\\/]signals[^\\/]*|valibot)[\\/]/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
