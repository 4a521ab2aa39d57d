/** Texts of the server-rendered sign-in page, by language subtag; English is the fallback. */
export interface LoginTexts {
  signInTitle: string;
  registerTitle: string;
  email: string;
  password: string;
  passwordHint: string;
  nickname: string;
  signIn: string;
  register: string;
  toRegister: string;
  toSignIn: string;
  wrongCredentials: string;
  emailTaken: string;
  tooMany: string;
  invalidInput: string;
  signedOut: string;
}

const en: LoginTexts = {
  signInTitle: 'Sign in',
  registerTitle: 'Create an account',
  email: 'Email',
  password: 'Password',
  passwordHint: 'At least 8 characters.',
  nickname: 'Nickname',
  signIn: 'Sign in',
  register: 'Create account',
  toRegister: 'New here? Create an account',
  toSignIn: 'Already have an account? Sign in',
  wrongCredentials: 'The email or password is not correct.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  tooMany: 'Too many attempts. Please wait 15 minutes and try again.',
  invalidInput: 'Please check the fields below.',
  signedOut: 'You are signed out.',
};

const texts: Record<string, LoginTexts> = {
  en,
  id: {
    signInTitle: 'Masuk',
    registerTitle: 'Buat akun',
    email: 'Email',
    password: 'Kata sandi',
    passwordHint: 'Minimal 8 karakter.',
    nickname: 'Nama panggilan',
    signIn: 'Masuk',
    register: 'Buat akun',
    toRegister: 'Baru di sini? Buat akun',
    toSignIn: 'Sudah punya akun? Masuk',
    wrongCredentials: 'Email atau kata sandi salah.',
    emailTaken: 'Akun dengan email ini sudah ada. Silakan masuk.',
    tooMany: 'Terlalu banyak percobaan. Tunggu 15 menit lalu coba lagi.',
    invalidInput: 'Periksa kolom di bawah ini.',
    signedOut: 'Anda telah keluar.',
  },
  de: {
    signInTitle: 'Anmelden',
    registerTitle: 'Konto erstellen',
    email: 'E-Mail',
    password: 'Passwort',
    passwordHint: 'Mindestens 8 Zeichen.',
    nickname: 'Spitzname',
    signIn: 'Anmelden',
    register: 'Konto erstellen',
    toRegister: 'Neu hier? Konto erstellen',
    toSignIn: 'Schon ein Konto? Anmelden',
    wrongCredentials: 'E-Mail oder Passwort ist nicht korrekt.',
    emailTaken: 'Zu dieser E-Mail gibt es schon ein Konto. Bitte melden Sie sich an.',
    tooMany: 'Zu viele Versuche. Bitte warten Sie 15 Minuten.',
    invalidInput: 'Bitte prüfen Sie die Felder unten.',
    signedOut: 'Sie sind abgemeldet.',
  },
  fr: {
    signInTitle: 'Se connecter',
    registerTitle: 'Créer un compte',
    email: 'E-mail',
    password: 'Mot de passe',
    passwordHint: 'Au moins 8 caractères.',
    nickname: 'Pseudo',
    signIn: 'Se connecter',
    register: 'Créer le compte',
    toRegister: 'Nouveau ? Créez un compte',
    toSignIn: 'Déjà un compte ? Connectez-vous',
    wrongCredentials: "L'e-mail ou le mot de passe est incorrect.",
    emailTaken: 'Un compte existe déjà avec cet e-mail. Connectez-vous.',
    tooMany: 'Trop de tentatives. Réessayez dans 15 minutes.',
    invalidInput: 'Vérifiez les champs ci-dessous.',
    signedOut: 'Vous êtes déconnecté.',
  },
  es: {
    signInTitle: 'Iniciar sesión',
    registerTitle: 'Crear una cuenta',
    email: 'Correo electrónico',
    password: 'Contraseña',
    passwordHint: 'Al menos 8 caracteres.',
    nickname: 'Apodo',
    signIn: 'Iniciar sesión',
    register: 'Crear cuenta',
    toRegister: '¿Eres nuevo? Crea una cuenta',
    toSignIn: '¿Ya tienes cuenta? Inicia sesión',
    wrongCredentials: 'El correo o la contraseña no son correctos.',
    emailTaken: 'Ya existe una cuenta con este correo. Inicia sesión.',
    tooMany: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.',
    invalidInput: 'Revisa los campos de abajo.',
    signedOut: 'Has cerrado sesión.',
  },
  ar: {
    signInTitle: 'تسجيل الدخول',
    registerTitle: 'إنشاء حساب',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    passwordHint: '8 أحرف على الأقل.',
    nickname: 'الاسم المستعار',
    signIn: 'تسجيل الدخول',
    register: 'إنشاء الحساب',
    toRegister: 'جديد هنا؟ أنشئ حسابًا',
    toSignIn: 'لديك حساب؟ سجّل الدخول',
    wrongCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    emailTaken: 'يوجد حساب بهذا البريد الإلكتروني. سجّل الدخول.',
    tooMany: 'محاولات كثيرة جدًا. انتظر 15 دقيقة ثم حاول مرة أخرى.',
    invalidInput: 'يرجى التحقق من الحقول أدناه.',
    signedOut: 'تم تسجيل خروجك.',
  },
};

/** The texts for a storefront language ('id-ID' → id); the `lang` to put on the page says which one was used. */
export function loginTexts(lang: string): { texts: LoginTexts; lang: string } {
  const subtag = lang.split('-')[0] ?? 'en';
  const found = texts[subtag];
  return found ? { texts: found, lang } : { texts: en, lang: 'en' };
}
