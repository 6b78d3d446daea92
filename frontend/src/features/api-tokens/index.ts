// The API tokens feature's public face: the back office's API tokens section (issue 23).
export { ApiTokensTab } from './pages/ApiTokensTab';
