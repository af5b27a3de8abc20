import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at once when a session is stored, else go to the login page (src/scripts/signedInDirective.ts). */
    'client:signedin'?: boolean;
  }
}
