import { AccountPage } from "~/components/account/account-page";

export default function AccountIndexRoute() {
  return <AccountPage />;
}
