define i32 @not_main() {
  ret i32 0
}
