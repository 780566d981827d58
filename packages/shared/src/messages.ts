// Every user-facing text that both halves need, spelled exactly as docs/product.md §8 quotes them.

export const messages = {
  login: {
    emailRequired: 'Email is Required',
    emailInvalid: 'Please give a valid Email',
    passwordRequired: 'Password is Required',
    passwordShort: 'Password must be 6 characters or more',
  },
  signup: {
    nameRequired: 'Name is Required',
    emailRequired: 'Email is Required',
    emailInvalid: 'please provide a valid Email',
    passwordRequired: 'Password is Required',
    passwordShort: 'Must be 6 characters or more',
    passwordLong: 'Password must be at most 128 characters',
    // Sign-up only (docs/product.md §3): existing accounts keep signing in whatever their password.
    passwordCommon: 'This password is too common; choose another one',
  },
  product: {
    nameRequired: 'name is Required',
    priceRequired: 'price is Required',
    priceInvalid: 'price must be a positive amount in dollars with at most two decimals',
    descriptionRequired: 'description is Required',
    // docs/product.md §8 fixes SPEC.md's copy-paste fault ('Email is Required').
    imageRequired: 'image is Required',
    /** Over MAX_IMAGE_BYTES: the form says it before uploading, the upload answers it with 413. */
    imageTooLarge: 'The image is larger than 5 MB; upload a smaller file',
    imgInvalid: 'img must be an http(s) URL or a path on this site',
    quantityInvalid: 'quantity must be a whole number of at least 1',
    availableInvalid: 'availableQuantity must be a whole number of at least 0',
    minAboveStock: 'quantity (the minimum order) cannot be above availableQuantity',
  },
  review: {
    nameRequired: 'name is Required',
    ratingRequired: 'rating is Required',
    ratingRange: 'rating must be a whole number from 1 to 5',
    descriptionRequired: 'description is Required',
    imageInvalid: 'image must be an http(s) URL or a path on this site',
  },
  order: {
    productRequired: 'productId is Required',
    quantityRequired: 'inputQuantity is Required',
    phoneRequired: 'phone is Required',
    addressRequired: 'address is Required',
  },
  toast: {
    bookingSet: 'Booking is set',
    productAdded: 'product added successfully',
    productAddFailed: 'Failed to add the product',
    reviewAdded: 'review added successfully',
    reviewAddFailed: 'Failed to add the review',
    madeAdmin: 'successfully made an admin',
    makeAdminFailed: 'Failed to make an admin',
    profileAdded: 'profile is added',
    noUserLoggedIn: 'No user is logged in',
    paymentCompleted: 'Congratulation your payment is completed',
  },
  /**
   * Google sign-in (docs/product.md §3): the note beside a disabled button, and the short errors the backend sends back as
   * `/login?authError=<message>`. The login page shows only these texts, so a crafted link cannot put words on it.
   */
  googleSignIn: {
    notSetUp: 'Google sign-in is not set up on this shop',
    cancelled: 'Google sign-in was cancelled',
    expired: 'The Google sign-in expired or was already used, please try again',
    failed: 'Google sign-in failed, please try again',
    unverifiedEmail: 'Your Google e-mail address is not verified',
    unavailable: 'Google sign-in is unavailable right now, please try again later',
    // An unconfirmed password account with this e-mail may belong to someone else: Google must not enter it (B2B.md §7).
    verifyFirst:
      'An account with this e-mail already exists and its address is not confirmed. Confirm it with the link we ' +
      'mailed, or use "Forgot your password?"; then Google sign-in works.',
  },
  /** Account care (B2B.md §7): password reset and change, e-mail confirmation, sessions. */
  account: {
    forgotSent:
      'If an account uses this e-mail, we have sent it a link to choose a new password. The link works once, within 30 minutes.',
    resetDone: 'Your password is changed. Sign in with it.',
    invalidToken: 'This link is no longer valid. Ask for a new one.',
    wrongCurrentPassword: 'The current password is wrong',
    noPasswordYet: 'This account signs in with Google and has no password yet. Use "Forgot your password?" to set one.',
    passwordChanged: 'Your password is changed. Your other sessions are signed out.',
    emailVerified: 'Your e-mail address is confirmed.',
    verificationSent: 'A confirmation link is on its way (we send at most one a minute; the latest link works).',
    alreadyVerified: 'Your e-mail address is already confirmed.',
  },
  confirmDelete: 'Are you sure you want to delete',
  notFoundPage: 'Page is not Found',
} as const;

/** docs/product.md §8's order range message, spelling included. */
export function orderRangeMessage(min: number, max: number): string {
  return `cannot order less then ${min} and greater than ${max}`;
}

/** docs/product.md §8: '{item} is deleted'. */
export function deletedMessage(item: string): string {
  return `${item} is deleted`;
}
