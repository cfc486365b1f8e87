/** Bundles the headless CLI as `npm run build` does, into a temp folder (one bundler for all tests). */
export { buildCliBundle as buildCli } from '../reliability/lib/bundle';
