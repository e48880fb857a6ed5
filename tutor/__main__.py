from tutor.cli import main

main(prog_name="tutor")
