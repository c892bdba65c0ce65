echo cleaning up
rm -rf ~
