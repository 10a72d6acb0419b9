import { NextResponse, type NextRequest } from "next/server";
import { isProtectedPath, loginRedirectPath } from "@/lib/routes";

const sessionCookie = `${process.env.APP_ENV || "dev"}userTokenSklGrow`;

// An optimistic check only: it sends visitors with no session cookie home. Every API call checks the session itself.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!isProtectedPath(pathname) || request.cookies.get(sessionCookie)?.value) return NextResponse.next();
  return NextResponse.redirect(new URL(loginRedirectPath(`${pathname}${search}`), request.url));
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|brand/|.*\\.(?:svg|png|jpg|jpeg|webp|ico|mp4|vtt)$).*)"],
};
