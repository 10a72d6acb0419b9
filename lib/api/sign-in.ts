import { finishLogin, loginInvite, logout } from "@/lib/contract/calls/sign-in";
import { callApi } from "./client";

export const requestSignInLink = (value: string, redirectUrl?: string) => callApi(loginInvite, { body: { value, redirectUrl } });
export const finishSignIn = (inviteId: string) => callApi(finishLogin, { body: { inviteId } });
export const signOut = () => callApi(logout);
