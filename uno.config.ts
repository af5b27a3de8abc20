import { defineConfig, presetWind3 } from 'unocss';

// Breakpoints are SPEC §9's (xs 0, sm 576, md 768, lg 992, xl 1200, xxl 1400).
export default defineConfig({
  presets: [presetWind3()],
  theme: {
    breakpoints: { sm: '576px', md: '768px', lg: '992px', xl: '1200px', xxl: '1400px' },
    colors: {
      brand: { DEFAULT: '#0b6e4f', dark: '#08543c', light: '#e6f4ee' },
      accent: { DEFAULT: '#f2a541', dark: '#c98118' },
      ink: { DEFAULT: '#1d2a24', muted: '#5b6b63' },
    },
  },
  shortcuts: {
    btn: 'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
    'btn-primary': 'btn bg-brand text-white hover:bg-brand-dark',
    'btn-accent': 'btn bg-accent text-ink hover:bg-accent-dark',
    'btn-outline': 'btn border border-brand text-brand hover:bg-brand-light',
  },
});
