// The staff feature's public face (issue 23): the owner's Staff section and the invitation's page.
export { StaffTab } from './pages/StaffTab';
