// bcrypt-ruby: BCrypt::Password, as has_secure_password uses it.
export * from "./bcrypt.js";
