// What the host shares as `react-router`. A shared module cannot be tree-shaken and the whole
// package is ~60 KB gzip (data routers, SSR, RSC); remotes and the kit use the component router
// only. `react-router-full` is an alias of the package (webpack), so this module does not consume itself.
// Adding an export here is cheap; a remote using an API missing here gets undefined at run time.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  useHref,
  useInRouterContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  createPath,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
  // the kit's KitLink reads the location without throwing outside a router
  UNSAFE_LocationContext,
} from 'react-router-full';
